import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './cli.js';
import { waitFor } from './live-server.js';

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * liftctl in a real tmux window of the given size, on a tmux server of its own: what the window shows
 * (capture-pane), keys sent as tmux sends them, and the exit code the shell saw.
 */
export function tmuxCli(args: string[], env: Record<string, string>, size = { columns: 80, rows: 24 }) {
  const dir = mkdtempSync(join(tmpdir(), 'liftctl-tmux-'));
  const socket = join(dir, 'tmux.sock');
  const codeFile = join(dir, 'exit-code');
  const vars = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: 'en_US.UTF-8', ...env };
  const exports = Object.entries(vars)
    .map(([k, v]) => `${k}=${quote(v)}`)
    .join(' ');
  const command = `env -i TERM=xterm-256color ${exports} ${[process.execPath, BIN, ...args].map(quote).join(' ')}; echo $? > ${quote(codeFile)}; sleep 600`;
  const tmux = (...a: string[]) => spawnSync('tmux', ['-S', socket, ...a], { encoding: 'utf8' });
  const started = tmux('new-session', '-d', '-x', String(size.columns), '-y', String(size.rows), command);
  if (started.status !== 0) throw new Error(`tmux: ${started.stderr}`);
  const screen = () => tmux('capture-pane', '-p', '-t', '0').stdout;
  return {
    screen,
    keys: (...keys: string[]) => tmux('send-keys', '-t', '0', ...keys),
    waitFor: (text: string | RegExp, ms = 20_000) =>
      waitFor(
        () => (typeof text === 'string' ? screen().includes(text) : text.test(screen())),
        ms,
        `${String(text)} on the screen`,
      ),
    /** The exit code, once the command has ended. */
    exitCode: async (ms = 20_000) => {
      await waitFor(
        () => existsSync(codeFile) && readFileSync(codeFile, 'utf8').trim() !== '',
        ms,
        'the command to exit',
      );
      return Number(readFileSync(codeFile, 'utf8').trim());
    },
    kill: () => tmux('kill-server'),
  };
}
