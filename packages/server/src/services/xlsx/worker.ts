/**
 * The parse worker: runs in a worker thread with a heap limit and is terminated after a time limit, so a
 * hostile file (a zip bomb, a sheet of millions of cells) ends this thread, never the server. It reads the
 * sheet as a stream, converts and validates each row as it is parsed and hands good rows to the server in
 * batches, at most two ahead of the store step, so its memory holds the shared strings and a few batches.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { SheetConverter } from './convert.js';
import { ImportFileError, type RowError } from './errors.js';
import { IMPORTABLE } from './importable.js';
import type { ParentMessage, WorkerInput, WorkerMessage } from './parse.js';
import { readFirstSheet } from './sheet-reader.js';
import { XlsxArchive } from './zip.js';

/** Batches handed over and not yet taken before the reader waits. */
const MAX_IN_FLIGHT = 2;

const port = parentPort!;
const post = (m: WorkerMessage) => port.postMessage(m);

let inFlight = 0;
let wake: (() => void) | null = null;

/** Thrown out of the reader to stop it when the header already decides the answer. */
class HeaderRefused extends Error {
  constructor(readonly errors: RowError[]) {
    super('header');
  }
}

async function run(input: WorkerInput): Promise<void> {
  const started = performance.now();
  let heapPeak = 0;
  const sampleHeap = () => (heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size));
  const spec = IMPORTABLE[input.entity];
  if (!spec) throw new Error(`no import for ${input.entity}`);
  const { limits } = input;
  const buf = Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength);
  const archive = new XlsxArchive(buf, limits);
  const converter = new SheetConverter(spec, input.language, limits);
  let headerRead = false;
  const readHeader = (cells: Parameters<SheetConverter['header']>[0], width: number) => {
    headerRead = true;
    const errors = converter.header(cells, width);
    if (errors.length) throw new HeaderRefused(errors);
    post({ kind: 'header', fields: converter.fields });
  };
  const handOver = () => {
    const batch = converter.takeBatch();
    sampleHeap();
    post({ kind: 'batch', batch: { ...batch, badRowsSoFar: converter.badRowCount } });
    inFlight++;
  };
  try {
    await readFirstSheet(archive, limits, {
      row(rowNo, cells, width) {
        if (!headerRead) {
          // The header is row 1; a sheet whose first row is lower has an empty header.
          readHeader(rowNo === 1 ? cells : [], rowNo === 1 ? width : 0);
          if (rowNo === 1) return;
        }
        converter.row(rowNo, cells);
        if (converter.pending >= limits.batchRows) handOver();
      },
      async drain() {
        while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
      },
    });
    if (!headerRead) readHeader([], 0);
  } catch (err) {
    if (!(err instanceof HeaderRefused)) throw err;
    post({
      kind: 'headerProblems',
      problems: { errors: err.errors, errorCount: err.errors.length, badRows: 1, total: 0 },
    });
    return;
  }
  if (converter.pending) handOver();
  const problems = converter.finish();
  sampleHeap();
  post({
    kind: 'done',
    problems,
    stats: { parseMs: Math.round(performance.now() - started), heapUsedMb: Math.round(heapPeak / 1024 / 1024) },
  });
}

// The worker starts while the upload is still arriving; its one job comes as a message, then acknowledgements.
port.on('message', (m: ParentMessage) => {
  if (m.kind === 'ack') {
    inFlight--;
    wake?.();
    wake = null;
    return;
  }
  run(m.input).catch((err: unknown) =>
    post(
      err instanceof ImportFileError
        ? { kind: 'refused', status: err.status, key: err.key, params: err.params }
        : { kind: 'failed', message: String((err as Error)?.stack ?? err) },
    ),
  );
});
