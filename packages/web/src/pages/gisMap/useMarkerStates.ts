import { useState } from 'react';
import { useLiveFrames, type LiveFrame } from '../../live/liveFrames';
import type { MapElevator } from './mapPlacement';
import { applyFrame, markerState, type LiveMark, type MarkerState } from './markerState';

/** The elevator a frame is about: by id, or by DTU number for gateway frames (which carry only the DTU). */
function elevatorOf(frame: LiveFrame, byDtu: ReadonlyMap<string, number>): number | null {
  if (frame.data.elevatorId != null) return Number(frame.data.elevatorId);
  const dtu = frame.data.dtu;
  return typeof dtu === 'string' ? (byDtu.get(dtu) ?? null) : null;
}

/** Each elevator's marker state: online flag and open orders at load, then every live frame for it. */
export function useMarkerStates(elevators: readonly MapElevator[], alarming: ReadonlySet<number>) {
  const [changes, setChanges] = useState<ReadonlyMap<number, LiveMark>>(new Map());
  const byDtu = new Map(elevators.filter((e) => e.dtuCode).map((e) => [e.dtuCode!, e.id]));
  const initial = (id: number): LiveMark => {
    const e = elevators.find((x) => x.id === id);
    return { online: e?.online ?? false, fault: false, alarm: alarming.has(id) };
  };
  useLiveFrames((frame) => {
    const id = elevatorOf(frame, byDtu);
    if (id === null) return;
    setChanges((prev) => new Map(prev).set(id, applyFrame(prev.get(id) ?? initial(id), frame)));
  });
  return (e: MapElevator): MarkerState =>
    markerState(changes.get(e.id) ?? { online: e.online, fault: false, alarm: alarming.has(e.id) });
}
