import { SERIAL_PORT, serialLightAllowed } from '@liftcloud/client';
import type { Command } from 'commander';
import type { SerialPort } from 'serialport';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { onExit } from '../exit-hooks.js';
import { t } from '../i18n/index.js';
import { FRAME_TYPES } from '../live/channel.js';
import { frameSubject } from '../live/format.js';
import { channelError, liveSession, openChannel } from '../live/session.js';
import { LIGHT_COMMANDS, type LightState } from '../light/commands.js';
import type { PortEntry } from '../light/device.js';
import type { Column } from '../output/columns.js';
import { say } from '../output/messages.js';
import { writeRecords } from '../output/records.js';
import { contextFor } from './options.js';

/** serialport loads only when a light command runs, not for help or completion. */
const device = () => import('../light/device.js');

const portColumns: Column<PortEntry>[] = [
  { key: 'path', header: 'PORT', value: (p) => p.path },
  { key: 'manufacturer', header: 'MANUFACTURER', value: (p) => p.manufacturer },
  { key: 'vendorId', header: 'VENDOR', value: (p) => p.vendorId },
  { key: 'productId', header: 'PRODUCT', value: (p) => p.productId },
  { key: 'serialNumber', header: 'SERIAL', value: (p) => p.serialNumber },
];

/** For tests only: a shorter device search interval than the console's 5 s. */
const searchIntervalMs = () =>
  Number(process.env.LIFTCTL_LIGHT_SEARCH_MS) > 0
    ? Number(process.env.LIFTCTL_LIGHT_SEARCH_MS)
    : SERIAL_PORT.searchIntervalMs;

/** The light is only for organisation 3034 or 0 (serialLightAllowed), as in the console. */
async function requireLightOrg(ctx: Context): Promise<void> {
  await ctx.call((client) => client.auth.me(), { spinner: false });
  const org = ctx.sessionStore().getOrgId();
  if (org === null || !serialLightAllowed(org))
    throw new CliError(
      t('light.notAllowed', { org: String(org), allowed: SERIAL_PORT.organisations.join(', ') }),
      EXIT.auth,
    );
}

const openError = (path: string, error: unknown) =>
  new CliError(
    t('light.openFailed', { path, reason: error instanceof Error ? error.message : String(error) }),
    EXIT.error,
  );

/** Seconds from a flag: a positive number, else a usage error naming the flag. */
function seconds(flag: string, value: string): number {
  const n = Number(value);
  if (!(n > 0)) throw new CliError(t('light.badSeconds', { flag, value }), EXIT.usage);
  return n;
}

/**
 * `light on` turns the light off again after --for seconds (10 s, the spec's light command), unless --hold;
 * a Ctrl-C, SIGTERM or closed terminal while it waits turns it off too.
 */
async function setLight(
  cmd: Command,
  state: LightState,
  opts: { port?: string; for?: string; hold?: boolean },
): Promise<void> {
  const ctx = await contextFor(cmd);
  if (!opts.port) throw new CliError(t('light.portRequired'), EXIT.usage);
  const forSeconds = state === 'on' && !opts.hold ? seconds('--for', opts.for ?? '') : null;
  await requireLightOrg(ctx);
  const { openPort, writeCommand, closePort } = await device();
  const port = await openPort(opts.port).catch((error: unknown) => {
    throw openError(opts.port!, error);
  });
  let removeHook = () => undefined as unknown;
  try {
    await writeCommand(port, state);
    if (forSeconds === null) return say.info(t(state === 'on' ? 'light.on' : 'light.off', { path: opts.port }));
    removeHook = onExit(() => writeCommand(port, 'off'));
    say.info(t('light.onFor', { path: opts.port, seconds: forSeconds }));
    await new Promise((resolve) => setTimeout(resolve, forSeconds * 1000));
    await writeCommand(port, 'off');
    say.info(t('light.off', { path: opts.port }));
  } finally {
    removeHook();
    await closePort(port);
  }
}

/** The port to search for: --port, else the first USB serial port listed. */
async function findPort(wanted: string | undefined): Promise<string | null> {
  if (wanted) return wanted;
  const listed = await (await device()).listPorts();
  if (!listed.ports) throw new CliError(t('light.noUdev', { reason: listed.reason }), EXIT.usage);
  return listed.ports.find((p) => p.vendorId)?.path ?? null;
}

async function follow(cmd: Command, opts: { port?: string; offAfter: string }): Promise<void> {
  const ctx = await contextFor(cmd);
  const offAfterMs = seconds('--off-after', opts.offAfter) * 1000;
  await requireLightOrg(ctx);
  const session = await liveSession(ctx);
  const { openPort, writeCommand, closePort } = await device();

  let port: SerialPort | null = null;
  let lit: LightState = 'off';
  let offTimer: NodeJS.Timeout | null = null;
  let searching = false;
  let stopped = false;
  let failure: CliError | null = null;
  let writes = Promise.resolve();

  /** The device went away (closed, an error such as EIO, a failed write): forget it and search again. */
  const lose = (lost: SerialPort, path: string) => {
    if (port !== lost || stopped) return;
    port = null;
    say.warn(t('light.lost', { path }));
    void closePort(lost).catch(() => undefined);
    void search();
  };

  const apply = (state: LightState) => {
    lit = state;
    const target = port;
    if (!target) return;
    writes = writes.then(() => writeCommand(target, state).catch(() => lose(target, target.path)));
  };

  const search = async () => {
    if (searching || stopped) return;
    searching = true;
    for (let attempt = 1; attempt <= SERIAL_PORT.searchAttempts && !stopped; attempt++) {
      const path = await findPort(opts.port).catch((error: unknown) => {
        failure = error instanceof CliError ? error : new CliError(String(error));
        return null;
      });
      if (failure) break;
      if (path) {
        try {
          const opened = await openPort(path);
          port = opened;
          opened.on('close', () => lose(opened, path));
          opened.on('error', () => lose(opened, path));
          say.info(t('light.found', { path }));
          apply(lit);
          searching = false;
          return;
        } catch {
          // absent or busy: search again
        }
      }
      say.warn(
        t('light.searching', {
          path: opts.port ?? 'USB',
          attempt,
          of: SERIAL_PORT.searchAttempts,
          seconds: searchIntervalMs() / 1000,
        }),
      );
      if (attempt < SERIAL_PORT.searchAttempts) await new Promise((r) => setTimeout(r, searchIntervalMs()));
    }
    searching = false;
    if (stopped) return;
    failure ??= new CliError(t('light.notFound', { attempts: SERIAL_PORT.searchAttempts }), EXIT.error);
    channel.close();
  };

  /** However follow ends (the channel closed, Ctrl-C, SIGTERM, SIGHUP): the light goes off, the port closes. */
  const shutDown = async () => {
    stopped = true;
    if (offTimer) clearTimeout(offTimer);
    await writes;
    const target = port;
    port = null;
    if (!target) return;
    if (lit === 'on') await writeCommand(target, 'off').catch(() => undefined);
    await closePort(target).catch(() => undefined);
  };
  const removeHook = onExit(shutDown);

  const channel = openChannel(session, (frame) => {
    if (frame.type !== FRAME_TYPES.alarm) return;
    say.info(t('light.alarm', { subject: frameSubject(frame), seconds: offAfterMs / 1000 }));
    apply('on');
    if (offTimer) clearTimeout(offTimer);
    offTimer = setTimeout(() => {
      offTimer = null;
      apply('off');
      say.info(t('light.offAfter'));
    }, offAfterMs);
  });
  say.info(t('light.following', { seconds: offAfterMs / 1000 }));
  void search();
  const ended = await channel.done;
  removeHook();
  await shutDown();
  const error = failure ?? channelError(ended);
  if (error) throw error;
}

export function register(program: Command): void {
  const light = program
    .command('light')
    .description(t('cmd.light'))
    .addHelpText(
      'after',
      `\n${t('help.light', { on: LIGHT_COMMANDS.on.toString('hex'), off: LIGHT_COMMANDS.off.toString('hex') })}`,
    );

  light
    .command('list')
    .alias('ls')
    .description(t('cmd.light.list'))
    .action(async (_opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const listed = await (await device()).listPorts();
      if (!listed.ports) {
        say.error(t('light.noUdev', { reason: listed.reason }));
        process.exitCode = EXIT.error;
        return;
      }
      if (listed.ports.length === 0) say.info(t('light.noPorts'));
      await writeRecords(ctx.recordOutput(portColumns, portColumns), listed.ports);
    });

  for (const state of ['on', 'off'] as const)
    light
      .command(state)
      .description(t(state === 'on' ? 'cmd.light.on' : 'cmd.light.off'))
      .option('--port <path>', t('opt.port'))
      .action((opts: { port?: string; for?: string; hold?: boolean }, cmd: Command) => setLight(cmd, state, opts));
  const on = light.commands.find((c) => c.name() === 'on')!;
  on.option('--for <seconds>', t('opt.lightFor'), String(SERIAL_PORT.lightOffAfterMs / 1000)).option(
    '--hold',
    t('opt.lightHold'),
  );

  light
    .command('follow')
    .description(t('cmd.light.follow'))
    .option('--port <path>', t('opt.portFollow'))
    .option('--off-after <seconds>', t('opt.offAfter'), String(SERIAL_PORT.lightOffAfterMs / 1000))
    .action((opts: { port?: string; offAfter: string }, cmd: Command) => follow(cmd, opts));
}
