import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIST = `${repoRoot}packages/web/dist`;

/** The newest modification time under a folder. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** No build yet, or the console's or the client's source changed since the last one. */
function buildIsStale(): boolean {
  const index = `${WEB_DIST}/index.html`;
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return newest(`${repoRoot}packages/web/src`) > built || newest(`${repoRoot}packages/client/src`) > built;
}

/** Resolves once `path` no longer exists: watched, not polled; refused after `ms`. */
async function gone(path: string, ms: number): Promise<void> {
  const signal = AbortSignal.timeout(ms);
  const changes = watch(dirname(path), { signal });
  try {
    if (!existsSync(path)) return;
    for await (const _ of changes) if (!existsSync(path)) return;
  } catch (error) {
    if (signal.aborted) throw new Error(`waited ${ms / 60_000} minutes for another console build (${path})`);
    throw error;
  }
}

/**
 * The browser tests need the built console: build it when it is missing or stale. The browser project's
 * global setup calls this once before any test file starts; a file that finds the source changed since
 * builds again, one file at a time (holding a lock folder) while the others wait for the lock to go.
 */
export async function ensureWebBuilt(): Promise<void> {
  const lock = `${repoRoot}packages/web/.build-lock`;
  while (buildIsStale()) {
    try {
      mkdirSync(lock);
    } catch {
      await gone(lock, 180_000);
      continue;
    }
    try {
      // vitest's environment (NODE_ENV=test, MODE, DEV, …) would give React's and antd's development
      // builds: the build gets a plain one
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' };
      if (buildIsStale())
        execFileSync('npm', ['run', 'build', '-w', '@liftcloud/web'], { cwd: repoRoot, stdio: 'inherit', env });
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
