import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportLimits } from './limits.js';

/** How long a loaded spare worker waits for the next import before it ends. */
const SPARE_MS = 60_000;

let devBundle: Promise<string> | null = null;

/**
 * Running from TypeScript source (tests, `tsx` scripts), the worker is bundled once per process with esbuild
 * (a development tool, loaded only on this path) so each worker starts as plain JavaScript.
 */
function devWorkerFile(): Promise<string> {
  devBundle ??= (async () => {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    const outfile = join(tmpdir(), `liftcloud-xlsx-worker-${process.pid}-${Date.now()}.mjs`);
    await esbuild.build({
      entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['source'],
      outfile,
      logLevel: 'silent',
      banner: {
        js: "import { createRequire as __lcRequire } from 'node:module'; const require = __lcRequire(import.meta.url);",
      },
    });
    process.once('exit', () => rmSync(outfile, { force: true }));
    return outfile;
  })();
  return devBundle;
}

/** The compiled worker.js beside this file in a build; a bundle of the TypeScript source otherwise. */
async function startWorker(limits: ImportLimits): Promise<Worker> {
  // The young generation sized for the reader's short-lived garbage: 16 MB spent 14% of the worker's time
  // in GC on the B3 file, 32 MB 10% (64 MB no faster, 30 MB more RSS).
  const resourceLimits = { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 32 };
  const here = import.meta.url;
  const script = here.endsWith('.js') ? new URL('./worker.js', here) : pathToFileURL(await devWorkerFile());
  return new Worker(script, { resourceLimits });
}

/**
 * One loaded worker kept for the next import for a minute: loading the worker's modules (the client package
 * above all) takes 0.5 to 0.8 s here, and imports come in pairs (a dry run, then the import).
 */
let spare: { worker: Worker; heapMb: number; timer: NodeJS.Timeout } | null = null;

/** A worker for one import: the spare if it fits, else a new one. */
export async function takeWorker(limits: ImportLimits): Promise<Worker> {
  const ready = spare;
  if (ready && ready.heapMb === limits.workerHeapMb) {
    spare = null;
    clearTimeout(ready.timer);
    ready.worker.removeAllListeners('exit');
    ready.worker.ref();
    return ready.worker;
  }
  return startWorker(limits);
}

/** Start the spare (after an import ended), unless there is one. */
export function keepSpare(limits: ImportLimits): void {
  if (spare) return;
  void startWorker(limits)
    .then((worker) => {
      if (spare) return void worker.terminate();
      // A spare neither keeps the process alive nor outlives its minute.
      worker.unref();
      const timer = setTimeout(() => void worker.terminate(), SPARE_MS);
      timer.unref();
      worker.once('exit', () => {
        if (spare?.worker === worker) spare = null;
      });
      spare = { worker, heapMb: limits.workerHeapMb, timer };
    })
    .catch(() => undefined);
}
