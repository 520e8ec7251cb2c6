import { LIVE_FRAME_TYPE, type LiveEvent } from '@liftcloud/client';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inProcessBus } from '../src/monitoring/bus.js';
import { LiveFrameError, liveEvents } from '../src/monitoring/live-events.js';

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: Fastify({ logger: { stream } }).log, lines };
}

const audience = { tenantId: 2, orgIds: [5], elevatorId: 9 };
const status = { dtu: '86100000001', elevatorId: 9, elevatorName: 'Lift', floor: 3, direction: 0, door: 1, run: 0 };

describe('the live frame builder', () => {
  it('publishes a payload that matches its frame schema', async () => {
    const bus = inProcessBus();
    const seen: LiveEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    const { log } = capturedLog();
    await liveEvents(bus, log, true).publish('status', audience, { ...status, flags: [7] });
    expect(seen).toEqual([{ type: 'status', ...audience, data: { ...status, flags: [7] } }]);
    expect(LIVE_FRAME_TYPE[seen[0]!.type]).toBe(3);
  });

  it('throws on a payload that does not match, in strict mode (tests)', () => {
    const { log } = capturedLog();
    const live = liveEvents(inProcessBus(), log, true);
    // a store that handed back a string id: the frame would lie to every reader
    const bad = { dtu: '86100000001', online: false, elevatorId: '9' } as unknown as {
      dtu: string;
      online: boolean;
      elevatorId: number;
    };
    expect(() => live.build('gateway', audience, bad)).toThrow(LiveFrameError);
    expect(() => live.build('gateway', audience, bad)).toThrow(/gateway.*elevatorId/);
  });

  it('logs and drops it otherwise, so the hub never sends it', async () => {
    const bus = inProcessBus();
    const seen: LiveEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    const { log, lines } = capturedLog();
    const live = liveEvents(bus, log, false);
    const bad = { ...status, flags: [99] };
    expect(live.build('status', audience, bad)).toBeNull();
    await live.publish('status', audience, bad);
    expect(seen).toEqual([]);
    expect(lines.filter((l) => l.msg === 'live frame does not match its schema, dropped')).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 50, type: 'status' });
  });
});
