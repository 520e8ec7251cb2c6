import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(CLI_ROOT, 'bin', 'liftctl.js');

/** The subprocess tests run the built binary: build it once if it is missing. */
export function ensureBuilt(): void {
  if (existsSync(join(CLI_ROOT, 'dist', 'main.js'))) return;
  const tsc = join(CLI_ROOT, '..', '..', 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-b', CLI_ROOT], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('could not build packages/cli');
}

export const tempConfigDir = (): string => mkdtempSync(join(tmpdir(), 'liftctl-test-'));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run liftctl as a script would: no terminal (pipes), English, a private config directory, and none of the
 * caller's LIFTCTL_* variables unless given.
 */
export function runCli(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; nodeArgs?: string[]; main?: string } = {},
): Promise<RunResult> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'en_US.UTF-8' };
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) env[k] = v;
  return new Promise((resolve, reject) => {
    // `main`: a module to run instead of the bin (a test's own bundle)
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.main ?? BIN, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

/** A long-running liftctl (tail, follow, gateway test) whose output we watch as it comes. */
export function startCli(args: string[], env: Record<string, string>) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'en_US.UTF-8', ...env },
  });
  const out = { stdout: '', stderr: '', code: null as number | null };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      out.code = code;
      resolve(code);
    }),
  );
  return { child, out, exited };
}
