/**
 * The parse worker: runs in a worker thread with a heap limit and is terminated after a time limit, so a
 * hostile file (a zip bomb, a sheet of millions of cells) ends this thread, never the server.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { readSheet } from 'read-excel-file/node';
import { convertSheet, type Cell } from './convert.js';
import { ImportFileError } from './errors.js';
import { IMPORTABLE } from './importable.js';
import type { WorkerAnswer, WorkerInput } from './parse.js';
import { inspectXlsx } from './zip.js';

async function run(input: WorkerInput): Promise<WorkerAnswer> {
  const started = performance.now();
  const spec = IMPORTABLE[input.entity];
  if (!spec) throw new Error(`no import for ${input.entity}`);
  const buf = Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength);
  inspectXlsx(buf, input.limits);
  let data: Cell[][];
  try {
    data = (await readSheet(buf)) as Cell[][];
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(400, 'notXlsx');
  }
  const readMs = performance.now() - started;
  const heapAfterRead = getHeapStatistics().used_heap_size;
  const result = convertSheet(data, spec, input.language, input.limits);
  return {
    kind: 'done',
    result,
    stats: {
      readMs,
      convertMs: performance.now() - started - readMs,
      heapUsedMb: Math.round(Math.max(heapAfterRead, getHeapStatistics().used_heap_size) / 1024 / 1024),
    },
  };
}

// The worker starts while the upload is still arriving; its one job comes as a message.
parentPort!.once('message', (input: WorkerInput) =>
  run(input).then(
    (answer) => parentPort!.postMessage(answer),
    (err: unknown) => {
      const answer: WorkerAnswer =
        err instanceof ImportFileError
          ? { kind: 'refused', status: err.status, key: err.key, params: err.params }
          : { kind: 'failed', message: String((err as Error)?.stack ?? err) };
      parentPort!.postMessage(answer);
    },
  ),
);
