/** The EOCD worker: measures vibration payloads (eocd-measure.ts) for the ingest, one at a time, in order. */
import { parentPort } from 'node:worker_threads';
import { measureRun } from './eocd-measure.js';

export interface MeasureRequest {
  id: number;
  payload: Uint8Array;
  lowPassHz: number;
}

const port = parentPort!;
port.on('message', ({ id, payload, lowPassHz }: MeasureRequest) => {
  const result = measureRun(payload, lowPassHz);
  port.postMessage({ id, result }, result.ok ? [result.samples.buffer as ArrayBuffer] : []);
});
