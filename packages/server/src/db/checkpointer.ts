/**
 * WAL checkpoints of the SQLite store in a worker thread (docs/decisions.md "EOCD runs off the alarm path"). By
 * default SQLite checkpoints inside the commit that takes the WAL past 1,000 pages: that commit copies 4 MB into
 * the database file and waits for its fsync on the event loop, hundreds of milliseconds on a busy machine, and
 * 200 gateways' runs pass that mark every few dozen runs. Here the server's connection never checkpoints; a
 * second connection in a worker runs a PASSIVE checkpoint (which never blocks the writer) every `everyMs`. If
 * the worker fails, the server's connection checkpoints by itself again, so the WAL cannot grow without bound.
 */
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

// Plain CommonJS evaluated as the worker, so it needs no build step or bundle: better-sqlite3 is a native
// module, loaded from the path the server resolved.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  close(): Promise<void>;
}

export function startCheckpointer(sqlite: Database.Database, file: string, everyMs = 250): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file, everyMs } });
  worker.unref();
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = () => {
    if (closing || !sqlite.open) return;
    sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  worker.once('error', fallBack);
  worker.once('exit', fallBack);
  return {
    async close() {
      closing = true;
      // held from here on: unreferenced, a process with nothing else to do ended before the worker did, and
      // whatever followed `await store.close()` (the main connection's own close among it) never ran
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
