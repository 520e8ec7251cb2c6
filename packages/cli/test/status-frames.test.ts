import { parseLiveFrame } from '@liftcloud/client';
import { describe, expect, it } from 'vitest';
import { frameDetail } from '../src/live/format.js';

/** issue 20 (demo): an escalator's state frame has no floor or door; a lift's has both. */
describe('state frames in a line', () => {
  const status = (data: Record<string, unknown>) => {
    const frame = parseLiveFrame({
      type: 3,
      event: 'status',
      data: {
        dtu: '86199000007',
        elevatorId: 7,
        elevatorName: 'Harbour Mall South escalator 1',
        run: 1,
        flags: [],
        ...data,
      },
    });
    if (!frame) throw new Error('the frame does not match its schema');
    return frame;
  };

  it('reads an escalator as its direction alone, never “floor null” or “door ?”', () => {
    expect(frameDetail(status({ floor: null, door: null, direction: 1 }))).toBe('up');
    expect(frameDetail(status({ floor: null, door: null, direction: 2 }))).toBe('down');
  });

  it('reads a lift with its floor, direction and door', () => {
    expect(frameDetail(status({ floor: 7, door: 1, direction: 0 }))).toBe('floor 7, stopped, door open');
  });
});
