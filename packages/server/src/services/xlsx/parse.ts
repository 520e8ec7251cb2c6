import type { Language } from '@liftcloud/client';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ConvertResult } from './convert.js';
import { ImportFileError } from './errors.js';
import type { ImportLimits } from './limits.js';
import type { ImportMessageKey } from './messages.js';
import { hasZipMagic } from './zip.js';

export interface WorkerInput {
  entity: string;
  file: Uint8Array;
  language: Language;
  limits: ImportLimits;
}

export interface ParseStats {
  /** read-excel-file's part, inside the worker. */
  readMs: number;
  /** Header mapping, conversion and validation, inside the worker. */
  convertMs: number;
  /** The worker's heap after reading and converting. */
  heapUsedMb: number;
}

export type WorkerAnswer =
  | { kind: 'done'; result: ConvertResult; stats: ParseStats }
  | { kind: 'refused'; status: number; key: ImportMessageKey; params: Record<string, string | number> }
  | { kind: 'failed'; message: string };

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
async function startWorker(input: WorkerInput, limits: ImportLimits): Promise<Worker> {
  const resourceLimits = { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 128 };
  const here = import.meta.url;
  const script = here.endsWith('.js') ? new URL('./worker.js', here) : pathToFileURL(await devWorkerFile());
  return new Worker(script, { workerData: input, transferList: [input.file.buffer as ArrayBuffer], resourceLimits });
}

/**
 * Parse, convert and validate an uploaded workbook in a worker thread under the limits. Resolves with the
 * rows or the row problems; rejects with an ImportFileError for a file refused as a whole.
 */
export async function parseWorkbook(
  file: Buffer,
  entity: string,
  language: Language,
  limits: ImportLimits,
): Promise<{ result: ConvertResult; stats: ParseStats }> {
  if (!hasZipMagic(file)) throw new ImportFileError(400, 'notXlsx');
  // A copy the worker owns: the upload's buffer may be a slice of a pooled one.
  const own = new Uint8Array(file.byteLength);
  own.set(file);
  const worker = await startWorker({ entity, file: own, language, limits }, limits);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new ImportFileError(413, 'tooComplex'))),
      limits.workerTimeoutMs,
    );
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.kind === 'done') finish(() => resolve({ result: answer.result, stats: answer.stats }));
      else if (answer.kind === 'refused')
        finish(() => reject(new ImportFileError(answer.status, answer.key, answer.params)));
      else finish(() => reject(new Error(`xlsx worker failed: ${answer.message}`)));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any other death while reading: the file is refused.
      finish(() =>
        err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? reject(new ImportFileError(413, 'tooComplex')) : reject(err),
      );
    });
    worker.on('exit', () => finish(() => reject(new ImportFileError(413, 'tooComplex'))));
  });
}
