import { useEffect, useRef } from 'react';
import { parseLiveFrame, type LiveFrame } from '@liftcloud/client';

export type { LiveFrame };

type Listener = (frame: LiveFrame) => void;
const listeners = new Set<Listener>();

/**
 * LiveChannel hands every message here; a message that is not a frame of a known type with a payload matching
 * its schema is dropped. Returns the frame it passed on, if any.
 */
export function publishFrame(message: unknown): LiveFrame | null {
  const frame = parseLiveFrame(message);
  if (frame) for (const listener of listeners) listener(frame);
  return frame;
}

/**
 * Call back for each live frame that passes the filter, while the component is mounted. Narrow on
 * `frame.type` (or `frame.event`) to read the payload with its types.
 */
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
