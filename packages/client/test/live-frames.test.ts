import { describe, expect, it } from 'vitest';
import { LIVE_FRAME_DATA, LIVE_FRAME_TYPE, liveFrameElevatorId, parseLiveFrame } from '../src/index.js';

const about = { dtu: '86100000001', elevatorId: 4, elevatorName: 'Lift A' };
/** One frame of each type, as docs/gateway-protocol.md "Live channel" describes them. */
const samples = {
  alarm: { ...about, id: 1, type: 1, floor: 7, alarmTime: 1_700_000_000_000 },
  fault: { ...about, id: 2, code: 'E35', floor: 7, time: 1_700_000_000_000 },
  status: { ...about, floor: 12, direction: 1, door: 0, run: 1, flags: [7] },
  workOrder: { ...about, id: 3, workOrderNo: 'R20261122000001', recordState: 1, action: 'receive', by: 'admin' },
  gateway: { dtu: about.dtu, online: false, elevatorId: null },
  gatewayTest: { id: 5, state: 1, passedCount: 1, failedCount: 0, seq: 1, dtu: about.dtu, passed: true },
  hazard: {
    ...about,
    id: 6,
    code: 'EOCD-ISO-H-PP',
    description: 'over the limit',
    hazardTime: 1_700_000_000_000,
    runId: 9,
  },
  ota: {
    id: 6,
    programId: 2,
    programName: 'Door 2.0',
    applyNumber: 3,
    approvalStatus: 3,
    action: 'reject',
    by: 'admin',
    reason: 'No',
    endTime: null,
  },
  otaBurn: { id: 7, programId: 2, dtu: about.dtu, transferId: 'a1b2', state: 1, progress: 40, error: null },
};

describe('typed live frames', () => {
  it('name a payload schema for every frame type', () => {
    expect(Object.keys(LIVE_FRAME_DATA).sort()).toEqual(Object.keys(LIVE_FRAME_TYPE).sort());
  });

  it('read a frame of each type with its payload', () => {
    for (const event of Object.keys(LIVE_FRAME_TYPE) as (keyof typeof LIVE_FRAME_TYPE)[]) {
      const message = { type: LIVE_FRAME_TYPE[event], event, data: samples[event] };
      expect(parseLiveFrame(JSON.parse(JSON.stringify(message))), event).toEqual(message);
    }
  });

  it('narrow on the type: each payload reads with its own fields', () => {
    const frame = parseLiveFrame({ type: 4, event: 'workOrder', data: samples.workOrder });
    expect(frame?.type).toBe(4);
    if (frame?.type !== LIVE_FRAME_TYPE.workOrder) throw new Error('not a work-order frame');
    // typed: recordState is a number and workOrderNo a string, with no coercion
    expect(frame.data.recordState + 1).toBe(2);
    expect(frame.data.workOrderNo?.startsWith('R')).toBe(true);
    expect(liveFrameElevatorId(frame)).toBe(4);
  });

  it('refuse what is not a frame: unknown type, a number that does not match the name, a wrong payload', () => {
    expect(parseLiveFrame(null)).toBeNull();
    expect(parseLiveFrame('{"type":1}')).toBeNull();
    expect(parseLiveFrame({ type: 7, event: 'alarm', data: samples.alarm })).toBeNull();
    expect(parseLiveFrame({ type: 2, event: 'alarm', data: samples.alarm })).toBeNull();
    expect(parseLiveFrame({ type: 1, event: 'alarm', data: { ...samples.alarm, id: '1' } })).toBeNull();
    expect(parseLiveFrame({ type: 1, event: 'alarm', data: { elevatorId: 5 } })).toBeNull();
    expect(parseLiveFrame({ type: 3, event: 'status', data: { ...samples.status, door: 9 } })).toBeNull();
    expect(parseLiveFrame({ type: 5, event: 'gateway', data: { dtu: about.dtu } })).toBeNull();
  });

  it('tolerate fields a newer server adds', () => {
    const frame = parseLiveFrame({ type: 2, event: 'fault', data: { ...samples.fault, severity: 'high' } });
    expect(frame?.event).toBe('fault');
  });

  it('name the elevator only when the frame is about one', () => {
    const test = parseLiveFrame({ type: 6, event: 'gatewayTest', data: samples.gatewayTest });
    const unbound = parseLiveFrame({ type: 5, event: 'gateway', data: samples.gateway });
    expect(test && liveFrameElevatorId(test)).toBeNull();
    expect(unbound && liveFrameElevatorId(unbound)).toBeNull();
  });
});
