import { useEffect, useRef } from 'react';
import type { LiveFrame } from '@liftcloud/client';

export type { LiveFrame };

type Listener = (frame: LiveFrame) => void;
const listeners = new Set<Listener>();

/** LiveChannel hands every frame here. */
export function publishFrame(message: unknown): void {
  const frame = message as Partial<LiveFrame> | null;
  if (!frame || typeof frame !== 'object' || frame.data === null || typeof frame.data !== 'object') return;
  const whole: LiveFrame = { type: Number(frame.type), event: String(frame.event ?? ''), data: frame.data };
  for (const listener of listeners) listener(whole);
}

/** Call back for each live frame that passes the filter, while the component is mounted. */
export function useLiveFrames(onFrame: Listener, filter: (frame: LiveFrame) => boolean = () => true): void {
  const latest = useRef({ onFrame, filter });
  latest.current = { onFrame, filter };
  useEffect(() => {
    const listener: Listener = (frame) => {
      if (latest.current.filter(frame)) latest.current.onFrame(frame);
    };
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
}
