import { bold, red, yellow, dim } from '../output/style.js';
import { enumLabel, liveFrameElevatorId, workOrderState } from '@liftcloud/client';
import { currentLanguage } from '../i18n/index.js';
import { FRAME_TYPES, type LiveFrame } from './channel.js';

const pad = (n: number) => String(n).padStart(2, '0');
export const clock = (ms: number = Date.now()): string => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const ALARM_TYPES = ['not available', 'people trapped', 'alarm bell', 'serious fault'];
const DIRECTIONS = ['stopped', 'up', 'down'];
const DOORS = ['closed', 'open', 'opening', 'closing'];

/** The name of the elevator a frame is about, when it carries one. */
const elevatorName = (frame: LiveFrame): string | null =>
  'elevatorName' in frame.data ? frame.data.elevatorName : null;

/** The gateway a frame is about, when it names one. */
export const frameDtu = (frame: LiveFrame): string | null =>
  'dtu' in frame.data && typeof frame.data.dtu === 'string' ? frame.data.dtu : null;

/** What a frame is about: the elevator's name and id, and the gateway's DTU. */
export function frameSubject(frame: LiveFrame): string {
  const parts: string[] = [];
  const name = elevatorName(frame);
  const id = liveFrameElevatorId(frame);
  if (name) parts.push(name);
  if (id !== null) parts.push(`#${id}`);
  const dtu = frameDtu(frame);
  if (dtu) parts.push(`DTU ${dtu}`);
  return parts.join(' ');
}

/** The details of a frame, in a few words. */
export function frameDetail(frame: LiveFrame): string {
  switch (frame.event) {
    case 'alarm': {
      const d = frame.data;
      return `${ALARM_TYPES[d.type] ?? `type ${d.type}`}${d.floor === null ? '' : `, floor ${d.floor}`}`;
    }
    case 'fault':
      return `code ${frame.data.code}, floor ${frame.data.floor}`;
    case 'status': {
      const d = frame.data;
      // an escalator or moving walk reports neither floor nor door
      const where = d.floor === null ? '' : `floor ${d.floor}, `;
      const door = d.door === null ? '' : `, door ${DOORS[d.door] ?? '?'}`;
      return `${where}${DIRECTIONS[d.direction] ?? '?'}${door}`;
    }
    case 'workOrder': {
      const d = frame.data;
      const by = d.action ? ` (${d.action}${d.by ? ` by ${d.by}` : ''})` : '';
      const state = enumLabel(workOrderState, d.recordState, currentLanguage()) ?? `state ${d.recordState}`;
      return `order ${d.workOrderNo ?? d.id} → ${state}${by}`;
    }
    case 'gateway':
      return frame.data.online ? 'online' : 'offline';
    case 'gatewayTest':
      return JSON.stringify(frame.data);
    case 'hazard':
      return `hazard ${frame.data.code}${frame.data.description ? `: ${frame.data.description}` : ''}`;
    case 'ota': {
      const d = frame.data;
      const reason = d.reason ? `: ${d.reason}` : '';
      return `application ${d.id} (${d.programName ?? `program ${d.programId}`} x${d.applyNumber}) ${d.action} by ${d.by}${reason}`;
    }
    case 'otaBurn': {
      const d = frame.data;
      return `burn ${d.id} ${d.progress}%${d.error ? ` ${d.error}` : ''}`;
    }
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
  const subject = frameSubject(frame);
  return `${dim(clock(at), color)}  ${styled} ${subject ? `${subject}  ` : ''}${frameDetail(frame)}`;
}
