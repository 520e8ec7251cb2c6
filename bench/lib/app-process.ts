/**
 * A server in a process of its own for a benchmark: the bench's load then shares no event loop with it, as a
 * deployment's clients do not. `startAppProcess` spawns bench/lib/app-process-child.ts (through the same
 * TypeScript loader as the bench) on the bench's store, and answers its address.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { helloApp } from './hello.js';
import { startFlags } from './start-flags.js';

export interface AppProcessOptions {
  /** The bench's store: its SQLite file, or its PostgreSQL connection string. */
  sqliteFile?: string;
  databaseUrl?: string;
  /** buildApp's options (plain values only). */
  app?: Record<string, unknown>;
  /** Instead of the platform: a Fastify hello route, the baseline. */
  hello?: boolean;
}

export async function startAppProcess(
  options: AppProcessOptions,
): Promise<{ address: string; close(): Promise<void> }> {
  const script = fileURLToPath(new URL('./app-process-child.ts', import.meta.url));
  // the platform with npm start's flags; the hello baseline as Node starts it
  const flags = options.hello ? [] : startFlags();
  const child = spawn(process.execPath, [...flags, ...process.execArgv, script, JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it listened`)));
  });
  const { address } = JSON.parse(line) as { address: string };
  return {
    address,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

/** The hello route (the baseline): in a process of its own when `separate`, else in this one. */
export async function startHello(separate: boolean): Promise<{ address: string; close(): Promise<void> }> {
  if (separate) return startAppProcess({ hello: true });
  const hello = helloApp();
  return { address: await hello.listen({ port: 0, host: '127.0.0.1' }), close: () => hello.close() };
}
