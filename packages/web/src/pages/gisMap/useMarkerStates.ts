import { liveFrameElevatorId } from '@liftcloud/client';
import { useState } from 'react';
import { useLiveFrames, type LiveFrame } from '../../live/liveFrames';
import type { MapElevator } from './mapPlacement';
import { applyFrame, markerState, type LiveMark, type MarkerState } from './markerState';

/** The elevator a frame is about: by id, or by DTU number (a gateway frame of an unbound gateway has no id). */
function elevatorOf(frame: LiveFrame, byDtu: ReadonlyMap<string, number>): number | null {
  const id = liveFrameElevatorId(frame);
  if (id !== null) return id;
  return frame.event === 'gateway' ? (byDtu.get(frame.data.dtu) ?? null) : null;
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
