import { describe, expect, it } from 'vitest';
import type { LiveFrame } from '../../live/liveFrames';
import { placeElevators, viewArea, type MapElevator } from './mapPlacement';
import { applyFrame, markerState } from './markerState';

const lift = (id: number, over: Partial<MapElevator> = {}): MapElevator => ({
  id,
  name: `Lift ${id}`,
  address: null,
  longitude: null,
  latitude: null,
  useUnitId: null,
  useUnitName: null,
  online: false,
  dtuCode: null,
  ...over,
});

describe('placing elevators on the map', () => {
  it('uses the elevator’s coordinates, else its use unit’s, and lists the rest', () => {
    const units = new Map([
      [5, { longitude: 121.5, latitude: 31.2, address: '88 Harbour Road' }],
      [6, { longitude: null, latitude: null, address: null }],
    ]);
    const { placed, unplaced } = placeElevators(
      [
        lift(1, { longitude: 118.1, latitude: 24.5 }),
        lift(2, { useUnitId: 5 }),
        lift(3, { useUnitId: 6 }),
        lift(4, { longitude: 0, latitude: 0 }),
        lift(5, { longitude: 200, latitude: 10 }),
      ],
      units,
    );
    expect(placed.map((p) => [p.id, p.lon, p.lat, p.fromUseUnit])).toEqual([
      [1, 118.1, 24.5, false],
      [2, 121.5, 31.2, true],
    ]);
    expect(placed[1]!.address).toBe('88 Harbour Road');
    expect(unplaced.map((u) => u.id)).toEqual([3, 4, 5]);
  });

  it('fits one city into a region-sized view and defaults to China', () => {
    const [[w, s], [e, n]] = viewArea([{ lon: 121.5, lat: 31.2 }]);
    expect(e - w).toBeGreaterThanOrEqual(12);
    expect(n - s).toBeGreaterThanOrEqual(8);
    expect(w).toBeLessThan(121.5);
    expect(viewArea([])).toEqual([
      [73, 18],
      [135, 54],
    ]);
  });
});

describe('marker states from live frames', () => {
  const frame = (type: number, data: Record<string, unknown> = {}): LiveFrame => ({ type, event: '', data });
  it('ranks alarm over fault over online, and clears an alarm when its order closes', () => {
    let m = { online: false, fault: false, alarm: false };
    expect(markerState(m)).toBe('offline');
    m = applyFrame(m, frame(3));
    expect(markerState(m)).toBe('online');
    m = applyFrame(m, frame(2));
    expect(markerState(m)).toBe('fault');
    m = applyFrame(m, frame(1));
    expect(markerState(m)).toBe('alarm');
    m = applyFrame(m, frame(4, { recordState: 1 }));
    expect(markerState(m)).toBe('alarm');
    m = applyFrame(m, frame(4, { recordState: 6 }));
    expect(markerState(m)).toBe('fault');
    m = applyFrame(m, frame(5, { online: false }));
    expect(m.online).toBe(false);
  });
});
