import { LIVE_FRAME_TYPE } from '@liftcloud/client';
import type { LiveFrame } from '../../live/liveFrames';

export type MarkerState = 'online' | 'offline' | 'fault' | 'alarm';

export const MARKER_COLORS: Record<MarkerState, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  fault: '#fa8c16',
  alarm: '#f5222d',
};
export const MARKER_STATES: readonly MarkerState[] = ['alarm', 'fault', 'online', 'offline'];

/** What the map knows of one elevator; an alarm outranks a fault, which outranks online or offline. */
export interface LiveMark {
  online: boolean;
  fault: boolean;
  alarm: boolean;
}

export const markerState = (m: LiveMark): MarkerState =>
  m.alarm ? 'alarm' : m.fault ? 'fault' : m.online ? 'online' : 'offline';

/** Work-order states from which an order is closed (completed and later): its alarm is over. */
const CLOSED_FROM = 3;

/** The mark after a live frame (docs/gateway-protocol.md, "Live channel"). */
export function applyFrame(mark: LiveMark, frame: LiveFrame): LiveMark {
  switch (frame.type) {
    case LIVE_FRAME_TYPE.alarm:
      return { ...mark, alarm: true, online: true };
    case LIVE_FRAME_TYPE.fault:
      return { ...mark, fault: true, online: true };
    case LIVE_FRAME_TYPE.status:
      return { ...mark, online: true };
    case LIVE_FRAME_TYPE.workOrder:
      return frame.data.recordState >= CLOSED_FROM ? { ...mark, alarm: false } : mark;
    case LIVE_FRAME_TYPE.gateway:
      return { ...mark, online: frame.data.online };
    default:
      return mark;
  }
}
