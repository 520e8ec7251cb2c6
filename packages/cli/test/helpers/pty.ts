import { spawn } from 'node:child_process';
import { BIN } from './cli.js';

/** liftctl on a pseudo-terminal (util-linux `script`), typed into like a person would. */
export interface PtySession {
  /** Everything the terminal showed so far, escape sequences removed. */
  screen(): string;
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
  type(text: string): void;
  exit: Promise<number | null>;
}

// eslint-disable-next-line no-control-regex -- terminal escape sequences are control characters
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]|\u001b[()][A-Z0-9]|\r/g;

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function runInPty(args: string[], env: Record<string, string>): PtySession {
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', LANG: 'en_US.UTF-8', ...env },
  });
  let raw = '';
  child.stdout.on('data', (d: Buffer) => (raw += d.toString()));
  child.stderr.on('data', (d: Buffer) => (raw += d.toString()));
  const screen = () => raw.replace(ESCAPES, '');
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    screen,
    exit,
    type: (text) => child.stdin.write(text),
    // checked on every chunk the terminal shows, not on a timer
    waitFor: (text, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const shown = () => {
          const s = screen();
          return typeof text === 'string' ? s.includes(text) : text.test(s);
        };
        if (shown()) return resolve(screen());
        const stop = () => {
          clearTimeout(deadline);
          child.stdout.off('data', check);
          child.stderr.off('data', check);
        };
        const check = () => {
          if (!shown()) return;
          stop();
          resolve(screen());
        };
        const deadline = setTimeout(() => {
          stop();
          reject(new Error(`timed out waiting for ${String(text)}:\n${screen()}`));
        }, timeoutMs);
        child.stdout.on('data', check);
        child.stderr.on('data', check);
      }),
  };
}
