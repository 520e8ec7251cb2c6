import { base64ToBytes, packSamples } from '@liftcloud/client';
import { SIM_SAMPLE_SCALE, simulateRide } from '@liftcloud/simulator';
import { describe, expect, it } from 'vitest';
import {
  EocdSamplesCorruptError,
  SAMPLES_DELTA_DEFLATE,
  SAMPLES_PACKED,
  decodeSamples,
  encodeSamples,
} from '../src/monitoring/eocd-samples.js';

let seed = 11;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const ride = base64ToBytes(packSamples(simulateRide({ rate: 256, distance: 40, random }), SIM_SAMPLE_SCALE))!;

/** Counts from one extreme to the other between instants: every difference wraps. */
const extremes = (() => {
  const counts = [-32768, 32767, 0, -1, 1, 32767, -32768, -32768, 12345, -23456, 32767, 32767];
  const bytes = new Uint8Array(counts.length * 2);
  const view = new DataView(bytes.buffer);
  counts.forEach((c, i) => view.setInt16(i * 2, c, true));
  return bytes;
})();

describe('EOCD samples as stored (delta byte planes, deflated)', () => {
  it('gives back exactly the packed bytes of a ride and of counts that jump between extremes', () => {
    for (const packed of [ride, extremes]) {
      const stored = encodeSamples(packed);
      expect(decodeSamples(stored, SAMPLES_DELTA_DEFLATE, { sampleCount: packed.length / 6 })).toEqual(packed);
    }
    // a ride's samples keep under half their packed size
    expect(encodeSamples(ride).length).toBeLessThan(ride.length / 2);
  });

  it('reads rows stored before the encoding as they are', () => {
    expect(decodeSamples(ride, SAMPLES_PACKED)).toBe(ride);
  });

  it('says which run is damaged and how, instead of crashing or returning wrong samples', () => {
    const stored = encodeSamples(ride);
    const flipped = Uint8Array.from(stored);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const truncated = stored.subarray(0, stored.length - 10);
    const read =
      (data: Uint8Array, encoding = SAMPLES_DELTA_DEFLATE, sampleCount?: number) =>
      () =>
        decodeSamples(data, encoding, { runId: 42, ...(sampleCount === undefined ? {} : { sampleCount }) });
    for (const bad of [flipped, truncated, Uint8Array.from([1, 2, 3])]) {
      expect(read(bad)).toThrow(EocdSamplesCorruptError);
      expect(read(bad)).toThrow(/EOCD samples of run 42 cannot be read: not valid deflate data/);
    }
    expect(read(stored, 7)).toThrow('EOCD samples of run 42 cannot be read: unknown encoding 7');
    expect(read(ride.subarray(0, 9), SAMPLES_PACKED)).toThrow('9 bytes are not whole three-axis instants');
    expect(read(stored, SAMPLES_DELTA_DEFLATE, ride.length / 6 + 1)).toThrow(
      `${ride.length / 6} instants where the run has ${ride.length / 6 + 1}`,
    );
  });
});
