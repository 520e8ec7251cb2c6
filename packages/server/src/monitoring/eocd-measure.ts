/**
 * A vibration message's payload read and measured: JSON, the protocol's schema, the packed samples, the ISO 18738-1
 * metrics, and the samples encoded for the store. Pure CPU work and no store, so it runs in the EOCD worker (eocd-measure-worker.ts), off the thread that
 * carries the alarms; the same function runs in place when no worker can.
 */
import {
  UP_SCHEMAS,
  base64ToBytes,
  checkSchema,
  runFilters,
  runMetrics,
  unpackBytes,
  type RunFilters,
  type RunMetrics,
  type VibrationMessage,
} from '@liftcloud/client';
import { encodeSamples } from './eocd-samples.js';

/**
 * The message without its samples' text, its samples encoded as they are stored (eocd-samples.ts), how many
 * instants they hold, and its metrics; or why it was dropped.
 */
export type Measured =
  | { ok: true; message: VibrationMessage; samples: Uint8Array; sampleCount: number; metrics: RunMetrics }
  | { ok: false; reason: 'json' | 'schema' | 'samples'; issues?: unknown[] };

const filters = new Map<string, RunFilters>();

function filtersFor(rate: number, lowPassHz: number): RunFilters {
  const key = `${rate}:${lowPassHz}`;
  let f = filters.get(key);
  if (!f) {
    f = runFilters(rate, lowPassHz);
    if (filters.size > 64) filters.clear();
    filters.set(key, f);
  }
  return f;
}

export function measureRun(payload: Uint8Array, lowPassHz: number): Measured {
  let message: unknown;
  try {
    message = JSON.parse(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8'));
  } catch {
    return { ok: false, reason: 'json' };
  }
  const issues = checkSchema(UP_SCHEMAS.vibration, message);
  if (issues.length) return { ok: false, reason: 'schema', issues: issues.slice(0, 3) };
  const m = message as VibrationMessage;
  const bytes = base64ToBytes(m.samples);
  if (!bytes || bytes.length % 6 !== 0 || bytes.length < 12) return { ok: false, reason: 'samples' };
  const metrics = runMetrics(unpackBytes(bytes, m.scale), filtersFor(m.rate, lowPassHz));
  // a plain array with a buffer of its own (zlib's Buffer may share one), which the worker moves to the ingest
  const samples = new Uint8Array(encodeSamples(bytes));
  return { ok: true, message: { ...m, samples: '' }, samples, sampleCount: bytes.length / 6, metrics };
}
