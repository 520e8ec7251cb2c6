/**
 * How a run's raw samples are kept in eocdSamples.data (docs/decisions.md "EOCD runs off the alarm path").
 *
 * - encoding 0: the packed samples as the gateway sent them (signed 16-bit little-endian x, y, z per instant);
 *   rows stored before migration 052.
 * - encoding 1: the same counts as each axis's differences from its previous instant, split into byte planes (all
 *   low bytes of x, then all high bytes of x, …, of z), deflated with zlib (whose Adler-32 check catches damage).
 *   A ride's acceleration changes little from one instant to the next, so the planes deflate to about 45% of the
 *   packed bytes against 53% for the packed bytes deflated as they are; encoded in the EOCD worker, so the thread
 *   that carries the alarms writes less than half the bytes.
 *
 * Readers get the packed bytes back exactly, whatever the row's encoding.
 */
import { constants, deflateSync, inflateSync } from 'node:zlib';

export const SAMPLES_PACKED = 0;
export const SAMPLES_DELTA_DEFLATE = 1;
/** The encoding new runs are stored in. */
export const SAMPLES_ENCODING = SAMPLES_DELTA_DEFLATE;

/** A stored blob that does not decode to whole three-axis instants: the row is damaged, not the request. */
export class EocdSamplesCorruptError extends Error {
  constructor(
    readonly runId: number | null,
    reason: string,
  ) {
    super(`EOCD samples${runId === null ? '' : ` of run ${runId}`} cannot be read: ${reason}`);
    this.name = 'EocdSamplesCorruptError';
  }
}

const AXES = 3;

/** Packed samples (6 bytes an instant) in encoding 1. */
export function encodeSamples(packed: Uint8Array): Uint8Array {
  const n = packed.length / (2 * AXES);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const planes = new Uint8Array(packed.length);
  for (let axis = 0; axis < AXES; axis++) {
    const lo = 2 * axis * n;
    const hi = lo + n;
    let previous = 0;
    for (let i = 0; i < n; i++) {
      const v = view.getInt16((i * AXES + axis) * 2, true);
      // the difference wraps modulo 2^16, so every pair of counts has one and decoding undoes it exactly
      const d = (v - previous) & 0xffff;
      previous = v;
      planes[lo + i] = d & 0xff;
      planes[hi + i] = d >>> 8;
    }
  }
  // Huffman coding alone: the planes have little to match at a distance, so it keeps them about as small as
  // level 6 (44.6% of the packed bytes against 43.9%) in a sixteenth of the time (0.34 ms a 62 s run)
  return deflateSync(planes, { strategy: constants.Z_HUFFMAN_ONLY });
}

/**
 * The packed samples of a stored blob. Throws EocdSamplesCorruptError when the blob does not inflate, fails its
 * check, or does not hold whole instants (or, given `sampleCount`, not that many).
 */
export function decodeSamples(
  data: Uint8Array,
  encoding: number,
  { runId = null, sampleCount }: { runId?: number | null; sampleCount?: number } = {},
): Uint8Array {
  let bytes: Uint8Array;
  if (encoding === SAMPLES_PACKED) bytes = data;
  else if (encoding === SAMPLES_DELTA_DEFLATE) {
    try {
      bytes = inflateSync(data);
    } catch (err) {
      throw new EocdSamplesCorruptError(runId, `not valid deflate data (${(err as Error).message})`);
    }
  } else throw new EocdSamplesCorruptError(runId, `unknown encoding ${encoding}`);
  if (bytes.length % (2 * AXES) !== 0)
    throw new EocdSamplesCorruptError(runId, `${bytes.length} bytes are not whole three-axis instants`);
  const n = bytes.length / (2 * AXES);
  if (sampleCount !== undefined && n !== sampleCount)
    throw new EocdSamplesCorruptError(runId, `${n} instants where the run has ${sampleCount}`);
  if (encoding === SAMPLES_PACKED) return bytes;
  const packed = new Uint8Array(bytes.length);
  const view = new DataView(packed.buffer);
  for (let axis = 0; axis < AXES; axis++) {
    const lo = 2 * axis * n;
    const hi = lo + n;
    let v = 0;
    for (let i = 0; i < n; i++) {
      v = (v + (bytes[lo + i]! | (bytes[hi + i]! << 8))) & 0xffff;
      view.setUint16((i * AXES + axis) * 2, v, true);
    }
  }
  return packed;
}
