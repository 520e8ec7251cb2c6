import { bold, red, yellow, dim } from '../output/style.js';
import { FRAME_TYPES, type LiveFrame } from './channel.js';

const pad = (n: number) => String(n).padStart(2, '0');
export const clock = (ms: number = Date.now()): string => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const ALARM_TYPES = ['not available', 'people trapped', 'alarm bell', 'serious fault'];
const DIRECTIONS = ['stopped', 'up', 'down'];
const DOORS = ['closed', 'open', 'opening', 'closing'];

/** What a frame is about: the elevator's name and id, and the gateway's DTU. */
export function frameSubject(data: Record<string, unknown>): string {
  const parts: string[] = [];
  if (data.elevatorName) parts.push(String(data.elevatorName));
  if (data.elevatorId !== undefined && data.elevatorId !== null) parts.push(`#${String(data.elevatorId)}`);
  if (data.dtu) parts.push(`DTU ${String(data.dtu)}`);
  return parts.join(' ');
}

/** The details of a frame, in a few words. */
export function frameDetail(frame: LiveFrame): string {
  const d = frame.data;
  switch (frame.event) {
    case 'alarm': {
      const kind = ALARM_TYPES[Number(d.type)] ?? `type ${String(d.type)}`;
      return `${kind}${d.floor !== undefined ? `, floor ${String(d.floor)}` : ''}${d.cleared ? ', cleared' : ''}`;
    }
    case 'fault':
      return `code ${String(d.code)}, floor ${String(d.floor)}`;
    case 'status':
      return `floor ${String(d.floor)}, ${DIRECTIONS[Number(d.direction)] ?? '?'}, door ${DOORS[Number(d.door)] ?? '?'}`;
    case 'workOrder':
      return `order ${String(d.workOrderNo ?? d.id)} → state ${String(d.recordState)}${d.action ? ` (${String(d.action)} by ${String(d.by)})` : ''}`;
    case 'gateway':
      return d.online === false ? 'offline' : d.online === true ? 'online' : JSON.stringify(d);
    default:
      return JSON.stringify(d);
  }
}

/** One readable line for a terminal: time, kind, subject, details. */
export function frameLine(frame: LiveFrame, color: boolean, at = Date.now()): string {
  const kind = frame.event.toUpperCase().padEnd(9);
  const styled =
    frame.type === FRAME_TYPES.alarm
      ? bold(red(kind, color), color)
      : frame.type === FRAME_TYPES.fault
        ? yellow(kind, color)
        : kind;
  const subject = frameSubject(frame.data);
  return `${dim(clock(at), color)}  ${styled} ${subject ? `${subject}  ` : ''}${frameDetail(frame)}`;
}
