import { packSamples } from '@liftcloud/client';
import { describe, expect, it } from 'vitest';
import { measureRun } from '../src/monitoring/eocd-measure.js';
import { EocdMeasurer } from '../src/monitoring/eocd-measurer.js';

const n = 256 * 20;
const wave = (hz: number, base = 0) =>
  Float32Array.from({ length: n }, (_, i) => base + 0.2 * Math.sin((2 * Math.PI * hz * i) / 256));
const payload = Buffer.from(
  JSON.stringify({
    id: 'r1',
    ts: 1,
    rate: 256,
    scale: 0.001,
    samples: packSamples({ x: wave(3), y: wave(5), z: wave(7, 9.81) }, 0.001),
  }),
);

describe('EOCD runs measured in the worker', () => {
  it('gives what measureRun gives in place, drops bad payloads with their reason, and measures in place once closed', async () => {
    const m = new EocdMeasurer();
    const here = measureRun(payload, 10);
    expect(here.ok && here.metrics.x.isoPeakToPeak).toBeGreaterThan(0);
    const [run, notJson, notWhole] = await Promise.all([
      m.measure(payload, 10),
      m.measure(Buffer.from('{'), 10),
      m.measure(Buffer.from(JSON.stringify({ id: 'r2', ts: 1, rate: 256, scale: 0.001, samples: 'AAAAAAAAAAAA' })), 10),
    ]);
    expect(run).toEqual(here);
    expect(notJson).toEqual({ ok: false, reason: 'json' });
    expect(notWhole).toEqual({ ok: false, reason: 'samples' });
    await m.close();
    expect(await m.measure(payload, 10)).toEqual(here);
  });
});
