import type { Language } from '@liftcloud/client';
import type { FileProblems, RowBatch } from './convert.js';
import { ImportFileError } from './errors.js';
import type { ImportLimits } from './limits.js';
import type { ImportMessageKey } from './messages.js';
import { keepSpare, takeWorker } from './worker-start.js';
import { hasZipMagic } from '../../files/zip-directory.js';

export interface WorkerInput {
  entity: string;
  file: Uint8Array;
  language: Language;
  limits: ImportLimits;
}

export interface ParseStats {
  /** Reading, conversion and validation inside the worker, waits for the store step included. */
  parseMs: number;
  /** The worker's heap at its largest sample (taken at every batch). */
  heapUsedMb: number;
}

/** Good rows of the file, and how many bad rows the file had up to them. */
export interface ParsedBatch extends RowBatch {
  badRowsSoFar: number;
}

/** Worker → server. */
export type WorkerMessage =
  | { kind: 'header'; fields: string[] }
  | { kind: 'headerProblems'; problems: FileProblems }
  | { kind: 'batch'; batch: ParsedBatch }
  | { kind: 'done'; problems: FileProblems; stats: ParseStats }
  | { kind: 'refused'; status: number; key: ImportMessageKey; params: Record<string, string | number> }
  | { kind: 'failed'; message: string };

/** Server → worker: the job, then an acknowledgement per batch taken (the worker keeps at most two in flight). */
export type ParentMessage = { kind: 'start'; input: WorkerInput } | { kind: 'ack' };

/** A sheet being read: its header was good, its rows arrive in batches while the worker reads on. */
export interface ParsedSheet {
  header: 'ok';
  fields: string[];
  batches: AsyncIterable<ParsedBatch>;
  /** The file's own problems and the worker's figures; known once `batches` has ended. */
  finished(): { problems: FileProblems; stats: ParseStats };
}

/** A sheet whose header names unknown, repeated or too few columns: no row was read. */
export interface RefusedHeader {
  header: 'problems';
  problems: FileProblems;
}

/** Messages of one worker, taken one at a time; a failure is handed to whoever waits next. */
class Inbox {
  private readonly queue: WorkerMessage[] = [];
  private waiting: { resolve: (m: WorkerMessage) => void; reject: (e: unknown) => void } | null = null;
  private failure: unknown = null;

  push(m: WorkerMessage): void {
    if (this.waiting) {
      this.waiting.resolve(m);
      this.waiting = null;
    } else this.queue.push(m);
  }

  fail(err: unknown): void {
    this.failure ??= err;
    if (this.waiting) {
      this.waiting.reject(this.failure);
      this.waiting = null;
    }
  }

  next(): Promise<WorkerMessage> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }
}

/** The answer of a worker message that ends the parse with an error, if it is one. */
function failureOf(m: WorkerMessage): Error | null {
  if (m.kind === 'refused') return new ImportFileError(m.status, m.key, m.params);
  if (m.kind === 'failed') return new Error(`xlsx worker failed: ${m.message}`);
  return null;
}

/** A parse worker started ahead of its file, so its start overlaps the upload. */
export interface ParseJob {
  /**
   * Read, convert and validate the workbook as a stream of row batches; rejects (or the batches throw) an
   * ImportFileError for a file refused as a whole. The file's memory may be handed to the worker: do not use
   * `file` afterwards.
   */
  parse(file: Buffer, entity: string, language: Language): Promise<ParsedSheet | RefusedHeader>;
  /** End the worker (idempotent): after a parse, or when the request is refused before one. */
  cancel(): void;
  /**
   * Aborted when the import's time is up: the clock starts with the job (when the upload starts), so the
   * upload, any wait for the parse budget and the parse itself share one `workerTimeoutMs`.
   */
  expired: AbortSignal;
}

export function startParse(limits: ImportLimits): ParseJob {
  const inbox = new Inbox();
  let ended = false;
  const worker = takeWorker(limits).then((w) => {
    w.on('message', (m: WorkerMessage) => inbox.push(m));
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or any other death while reading: the file is refused.
    w.on('error', (err: Error & { code?: string }) =>
      inbox.fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError(413, 'tooComplex') : err),
    );
    w.on('exit', () => inbox.fail(new ImportFileError(413, 'tooComplex')));
    return w;
  });
  worker.catch((err: unknown) => inbox.fail(err));
  const clock = new AbortController();
  // The time limit covers the whole import from its upload's first byte: the upload, the store step's pace
  // included.
  const timer = setTimeout(() => {
    inbox.fail(new ImportFileError(413, 'tooComplex'));
    clock.abort(new ImportFileError(413, 'tooComplex'));
    cancel();
  }, limits.workerTimeoutMs);
  const cancel = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    void worker.then((w) => w.terminate()).catch(() => undefined);
    // The next import (a dry run's import follows it) takes a worker that has already loaded.
    keepSpare(limits);
  };
  return {
    cancel,
    expired: clock.signal,
    async parse(file, entity, language) {
      if (!hasZipMagic(file)) throw new ImportFileError(400, 'notXlsx');
      // The upload's memory moves to the worker when the buffer owns it whole (the caller must not use it
      // after); a slice of a pooled buffer (small uploads) is copied.
      const whole =
        file.buffer instanceof ArrayBuffer && file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
      const own = whole ? new Uint8Array(file.buffer as ArrayBuffer) : Uint8Array.from(file);
      const w = await worker;
      const start: ParentMessage = { kind: 'start', input: { entity, file: own, language, limits } };
      w.postMessage(start, [own.buffer as ArrayBuffer]);
      const first = await inbox.next();
      const failure = failureOf(first);
      if (failure) throw failure;
      if (first.kind === 'headerProblems') return { header: 'problems', problems: first.problems };
      if (first.kind !== 'header') throw new Error(`xlsx worker: unexpected ${first.kind}`);
      let finished: { problems: FileProblems; stats: ParseStats } | null = null;
      async function* batches(): AsyncGenerator<ParsedBatch> {
        for (;;) {
          const m = await inbox.next();
          const err = failureOf(m);
          if (err) throw err;
          if (m.kind === 'done') {
            finished = { problems: m.problems, stats: m.stats };
            return;
          }
          if (m.kind !== 'batch') throw new Error(`xlsx worker: unexpected ${m.kind}`);
          yield m.batch;
          // Taken: the worker may read on.
          if (!ended) w.postMessage({ kind: 'ack' } satisfies ParentMessage);
        }
      }
      return {
        header: 'ok',
        fields: first.fields,
        batches: batches(),
        finished: () => {
          if (!finished) throw new Error('xlsx parse not finished');
          return finished;
        },
      };
    },
  };
}

/**
 * Parse one workbook in a worker of its own, every batch taken as it comes (see startParse): the file's checks
 * without a store step.
 */
export async function parseWorkbook(
  file: Buffer,
  entity: string,
  language: Language,
  limits: ImportLimits,
): Promise<{ rows: number; problems: FileProblems; stats: ParseStats | null }> {
  const job = startParse(limits);
  try {
    const sheet = await job.parse(file, entity, language);
    if (sheet.header === 'problems') return { rows: 0, problems: sheet.problems, stats: null };
    let rows = 0;
    for await (const batch of sheet.batches) rows += batch.rows.length;
    const { problems, stats } = sheet.finished();
    return { rows, problems, stats };
  } finally {
    job.cancel();
  }
}
