import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * argon2id on worker threads of a lower scheduling priority (Linux nice, per thread): a login storm takes the CPU
 * the API leaves, not the API's. The binding's own async calls run on libuv's pool at the event loop's priority,
 * so there every hash in flight competes with the requests being answered (bench/login-storm.ts; docs/decisions.md
 * "Login storm"). Elsewhere than Linux the priority is left as it is and the workers still keep hashing off the loop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.nice > 0) {
  try {
    // a thread's own id: Linux's setpriority(PRIO_PROCESS, tid) moves that thread alone
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    require('node:os').setPriority(tid, workerData.nice);
  } catch {}
}
const argon2 = require(workerData.argon2);
parentPort.on('message', (m) => {
  try {
    const value = m.op === 'hash' ? argon2.hashSync(m.a, m.options) : argon2.verifySync(m.a, m.b);
    parentPort.postMessage({ value });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

export type HashJob = { op: 'hash'; a: string; options: object } | { op: 'verify'; a: string; b: string };

interface Answer {
  value?: string | boolean;
  error?: string;
}

/**
 * How long a hash thread waits for its next job before it ends. An idle thread holds about 20 MB: its V8 heap
 * and argon2id's 19 MiB of working memory, which the C allocator keeps in the thread's arena once freed.
 * Starting one costs about one hash. Logins come one at a time outside a storm, so a thread is kept for a
 * burst and a quiet server gives the memory back within seconds (bench/import-server-process.ts; docs/decisions.md
 * "Loaded when first used").
 */
export const HASH_THREAD_IDLE_MS = 2_000;

/** Threads created on demand, one job each at a time; the caller (secrets.ts) bounds how many run at once. */
export class HashWorkers {
  private readonly idle: Worker[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private readonly live = new Set<Worker>();
  private readonly argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');

  constructor(
    private nice: number,
    private readonly idleMs = HASH_THREAD_IDLE_MS,
  ) {}

  /** Threads alive now, busy or idle. */
  get threads(): number {
    return this.live.size;
  }

  /** The nice value of threads made from now on (0: the process's own priority). */
  setNice(nice: number): void {
    this.nice = nice;
    for (const w of this.idle.splice(0)) this.end(w);
  }

  run(job: HashJob): Promise<string | boolean> {
    const worker = this.idle.pop() ?? this.spawn();
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    worker.ref();
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      worker.once('error', onError);
      worker.once('message', (m: Answer) => {
        worker.off('error', onError);
        worker.unref();
        this.rest(worker);
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve(m.value!);
      });
      worker.postMessage(job);
    });
  }

  /** Back to the idle list, to end there after idleMs without a job. */
  private rest(worker: Worker): void {
    this.idle.push(worker);
    const timer = setTimeout(() => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.end(worker);
    }, this.idleMs);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }

  private end(worker: Worker): void {
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    void worker.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2: this.argon2Path, nice: this.nice } });
    worker.unref();
    this.live.add(worker);
    worker.once('exit', () => this.live.delete(worker));
    return worker;
  }
}
