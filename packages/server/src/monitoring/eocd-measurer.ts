/**
 * Measures vibration payloads in one worker thread (docs/decisions.md "EOCD runs off the alarm path"): a run's
 * parse, decode and metrics take milliseconds each, and 200 gateways uploading at once would hold the event loop
 * that carries the alarms for seconds. Requests are answered in order; if the worker cannot start or dies, the
 * waiting and later payloads are measured in place (the same function), so no run is lost to it.
 */
import { Worker } from 'node:worker_threads';
import { workerScript } from '../services/worker-script.js';
import { measureRun, type Measured } from './eocd-measure.js';
import type { MeasureRequest } from './eocd-measure-worker.js';

interface Waiting {
  payload: Uint8Array;
  lowPassHz: number;
  resolve: (m: Measured) => void;
}

export class EocdMeasurer {
  private worker: Promise<Worker | null> | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private next = 1;
  private closed = false;

  measure(payload: Uint8Array, lowPassHz: number): Promise<Measured> {
    return new Promise<Measured>((resolve) => {
      const id = this.next++;
      this.waiting.set(id, { payload, lowPassHz, resolve });
      void this.start().then((worker) => {
        if (!worker) return this.inPlace();
        // a copy moved to the worker (the broker's buffer may be a slice of a larger one); the original stays
        // here in case the worker dies before it answers
        const own = Uint8Array.from(payload);
        const request: MeasureRequest = { id, payload: own, lowPassHz };
        worker.postMessage(request, [own.buffer]);
      });
    });
  }

  private start(): Promise<Worker | null> {
    if (this.closed) return Promise.resolve(null);
    this.worker ??= workerScript(import.meta.url, 'eocd-measure-worker')
      .then((script) => {
        const worker = new Worker(script);
        worker.unref();
        worker.on('message', ({ id, result }: { id: number; result: Measured }) => {
          const w = this.waiting.get(id);
          this.waiting.delete(id);
          w?.resolve(result);
        });
        worker.once('error', () => this.fail());
        worker.once('exit', () => this.fail());
        return worker;
      })
      .catch(() => null);
    return this.worker;
  }

  /** The worker is gone: what it held is measured here, and so is what comes after. */
  private fail(): void {
    this.closed = true;
    this.worker = Promise.resolve(null);
    this.inPlace();
  }

  private inPlace(): void {
    for (const [id, w] of this.waiting) {
      this.waiting.delete(id);
      w.resolve(measureRun(w.payload, w.lowPassHz));
    }
  }

  async close(): Promise<void> {
    const worker = await this.worker;
    this.closed = true;
    this.worker = Promise.resolve(null);
    await worker?.terminate();
  }
}
