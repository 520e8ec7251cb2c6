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

/** Metres between two positions (equirectangular: enough for a few hundred metres). */
const metres = (a: { lon: number; lat: number }, b: { lon: number; lat: number }) => {
  const k = (Math.PI / 180) * 6_371_000;
  return Math.hypot((a.lon - b.lon) * k * Math.cos((a.lat * Math.PI) / 180), (a.lat - b.lat) * k);
};

describe('placing elevators on the map', () => {
  it('moves stored GPS positions in China onto GCJ-02 tiles, and leaves the rest and WGS-84 tiles alone', () => {
    const shanghai = { longitude: 121.4737, latitude: 31.2304 };
    const milan = { longitude: 9.19, latitude: 45.4642 };
    const units = new Map([[5, { ...shanghai, address: null }]]);
    const lifts = [lift(1, shanghai), lift(2, milan), lift(3, { useUnitId: 5 })];
    const asStored = placeElevators(lifts, units).placed;
    expect(asStored.map((e) => [e.lon, e.lat])).toEqual([
      [121.4737, 31.2304],
      [9.19, 45.4642],
      [121.4737, 31.2304],
    ]);
    const onGcj = placeElevators(lifts, units, 'gcj02').placed;
    // GCJ-02 sits 100 to 700 metres off WGS-84 in China (here about 480 m, east and south)
    for (const i of [0, 2]) {
      expect(metres(onGcj[i]!, asStored[i]!)).toBeGreaterThan(300);
      expect(metres(onGcj[i]!, asStored[i]!)).toBeLessThan(700);
      expect(onGcj[i]!.lon).toBeGreaterThan(asStored[i]!.lon);
    }
    expect([onGcj[1]!.lon, onGcj[1]!.lat]).toEqual([9.19, 45.4642]);
  });

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
  const about = { dtu: '86100000001', elevatorId: 1, elevatorName: 'Lift 1' };
  const frames: Record<number, LiveFrame> = {
    1: { type: 1, event: 'alarm', data: { ...about, id: 1, type: 1, floor: 3, alarmTime: 0 } },
    2: { type: 2, event: 'fault', data: { ...about, id: 1, code: 'E30', floor: 3, time: 0 } },
    3: { type: 3, event: 'status', data: { ...about, floor: 3, direction: 0, door: 0, run: 0, flags: [] } },
  };
  const order = { id: 7, workOrderNo: 'R7', dtu: about.dtu, elevatorId: 1, elevatorName: 'Lift 1' };
  const frame = (type: number, data: { recordState?: number; online?: boolean } = {}): LiveFrame =>
    type === 4
      ? { type, event: 'workOrder', data: { ...order, recordState: data.recordState ?? 0 } }
      : type === 5
        ? { type, event: 'gateway', data: { dtu: about.dtu, online: data.online ?? true, elevatorId: 1 } }
        : frames[type]!;
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
