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
async function startWorker(limits: ImportLimits): Promise<Worker> {
  const resourceLimits = { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 128 };
  const here = import.meta.url;
  const script = here.endsWith('.js') ? new URL('./worker.js', here) : pathToFileURL(await devWorkerFile());
  return new Worker(script, { resourceLimits });
}

/** A parse worker started ahead of its file, so its start overlaps the upload. */
export interface ParseJob {
  /** Parse, convert and validate the workbook; rejects with an ImportFileError for a file refused as a whole. */
  parse(file: Buffer, entity: string, language: Language): Promise<{ result: ConvertResult; stats: ParseStats }>;
  /** End the worker (idempotent): after a parse, or when the request is refused before one. */
  cancel(): void;
}

export function startParse(limits: ImportLimits): ParseJob {
  let settle: { resolve: (a: WorkerAnswer) => void; reject: (e: unknown) => void };
  const outcome = new Promise<WorkerAnswer>((resolve, reject) => (settle = { resolve, reject }));
  outcome.catch(() => undefined); // a worker ended before any parse is nobody's error
  const worker = startWorker(limits).then((w) => {
    w.on('message', (answer: WorkerAnswer) => settle.resolve(answer));
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any other death while reading: the file is refused.
    w.on('error', (err: Error & { code?: string }) =>
      settle.reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError(413, 'tooComplex') : err),
    );
    w.on('exit', () => settle.reject(new ImportFileError(413, 'tooComplex')));
    return w;
  });
  worker.catch((err: unknown) => settle.reject(err));
  const cancel = () => void worker.then((w) => w.terminate()).catch(() => undefined);
  return {
    cancel,
    async parse(file, entity, language) {
      if (!hasZipMagic(file)) throw new ImportFileError(400, 'notXlsx');
      // A copy the worker owns: the upload's buffer may be a slice of a pooled one.
      const own = new Uint8Array(file.byteLength);
      own.set(file);
      const input: WorkerInput = { entity, file: own, language, limits };
      const w = await worker;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ImportFileError(413, 'tooComplex')), limits.workerTimeoutMs);
      });
      try {
        w.postMessage(input, [own.buffer]);
        const answer = await Promise.race([outcome, timeout]);
        if (answer.kind === 'done') return { result: answer.result, stats: answer.stats };
        if (answer.kind === 'refused') throw new ImportFileError(answer.status, answer.key, answer.params);
        throw new Error(`xlsx worker failed: ${answer.message}`);
      } finally {
        clearTimeout(timer);
        cancel();
      }
    },
  };
}

/** Parse one workbook in a worker of its own (see startParse). */
export async function parseWorkbook(
  file: Buffer,
  entity: string,
  language: Language,
  limits: ImportLimits,
): Promise<{ result: ConvertResult; stats: ParseStats }> {
  const job = startParse(limits);
  try {
    return await job.parse(file, entity, language);
  } finally {
    job.cancel();
  }
}
