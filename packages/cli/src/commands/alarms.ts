import { liveFrameElevatorId } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { FRAME_TYPES, type FrameTypeName, type LiveFrame } from '../live/channel.js';
import { frameDtu, frameLine } from '../live/format.js';
import { channelError, liveSession, openChannel, reconnectPolicy, sayNotice } from '../live/session.js';
import { csvLine } from '../output/csv.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { terminal } from '../output/terminal.js';
import { contextFor } from './options.js';
import { completeLastOption } from '../completion/values.js';

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').filter(Boolean)];

/**
 * What a person tails for when no --type is given: alarms, faults and work orders. Status frames (about nine a
 * second for six lifts) and gateway frames come with --type status, --type gateway or --type all.
 */
export const DEFAULT_TAIL_TYPES: readonly FrameTypeName[] = ['alarm', 'fault', 'workOrder'];

/**
 * --type values: names (alarm, fault, status, workOrder or work-order, gateway, gatewayTest) or their numbers;
 * none: DEFAULT_TAIL_TYPES; `all`: every frame (an empty set).
 */
export function parseTypes(values: readonly string[]): Set<number> {
  if (values.length === 0) return new Set(DEFAULT_TAIL_TYPES.map((name) => FRAME_TYPES[name]));
  const out = new Set<number>();
  if (values.some((v) => v.trim() === 'all')) return out;
  for (const raw of values) {
    const value = raw.trim();
    const name = value.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as FrameTypeName;
    const n = name in FRAME_TYPES ? FRAME_TYPES[name] : Number(value);
    if (!(Object.values(FRAME_TYPES) as number[]).includes(n))
      throw new CliError(t('live.badType', { value, types: Object.keys(FRAME_TYPES).join(', ') }), EXIT.usage);
    out.add(n);
  }
  return out;
}

export function parseIds(values: readonly string[], flag: string): Set<number> {
  return new Set(
    values.map((v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) throw new CliError(t('live.badId', { flag, value: v }), EXIT.usage);
      return n;
    }),
  );
}

export interface FrameFilter {
  types?: Set<number>;
  elevators?: Set<number>;
}

/** Frames without an elevator (gateway tests, an unbound gateway) pass only when no --elevator is given. */
export function frameMatches(frame: LiveFrame, filter: FrameFilter): boolean {
  if (filter.types?.size && !filter.types.has(frame.type)) return false;
  if (filter.elevators?.size) {
    const id = liveFrameElevatorId(frame);
    if (id === null || !filter.elevators.has(id)) return false;
  }
  return true;
}

export function register(program: Command): void {
  const alarms = program.command('alarms').description(t('cmd.alarms'));
  completeLastOption(
    alarms
      .command('tail')
      .description(t('cmd.alarms.tail'))
      .option('--elevator <id>', t('opt.elevator'), collect)
      .option('--type <type>', t('opt.frameType'), collect),
    [...Object.keys(FRAME_TYPES), 'all'],
  )
    .option('--max <n>', t('opt.maxFrames'))
    .option('--max-retries <n>', t('opt.maxRetries'))
    .addHelpText('after', `\n${t('help.alarmsTail')}`)
    .action(async (opts: { elevator?: string[]; type?: string[]; max?: string; maxRetries?: string }, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const filter: FrameFilter = {
        types: parseTypes(opts.type ?? []),
        elevators: parseIds(opts.elevator ?? [], '--elevator'),
      };
      const max = opts.max === undefined ? Infinity : Number(opts.max);
      if (!(max > 0)) throw new CliError(t('live.badId', { flag: '--max', value: String(opts.max) }), EXIT.usage);
      const reconnect = reconnectPolicy(opts.maxRetries);
      const format = ctx.format();
      const color = terminal().color;
      const session = await liveSession(ctx);
      let seen = 0;
      let csvHeader = false;
      const write = (frame: LiveFrame): string => {
        switch (format) {
          case 'table':
          case 'wide':
            return `${frameLine(frame, color)}\n`;
          case 'csv': {
            const head = csvHeader ? '' : csvLine(['type', 'event', 'elevatorId', 'dtu', 'data']);
            csvHeader = true;
            const { data } = frame;
            return (
              head +
              csvLine([frame.type, frame.event, liveFrameElevatorId(frame), frameDtu(frame), JSON.stringify(data)])
            );
          }
          case 'yaml':
            return `---\n${JSON.stringify(frame)}\n`;
          default:
            return `${JSON.stringify(frame)}\n`;
        }
      };
      let pending = Promise.resolve();
      const channel = openChannel(
        session,
        (frame) => {
          if (seen >= max || !frameMatches(frame, filter)) return;
          seen++;
          const text = write(frame);
          pending = pending.then(() => writeTo(process.stdout, text));
          if (seen >= max) void pending.then(() => channel.close());
        },
        sayNotice,
        reconnect,
      );
      if (terminal().stderrIsTTY) say.info(t('live.listening', { server: session.server }));
      const ended = await channel.done;
      await pending;
      const error = channelError(ended);
      if (error) throw error;
    });
}
