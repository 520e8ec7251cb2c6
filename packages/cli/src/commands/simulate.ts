import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { contextFor } from './options.js';

interface SimulateOptions {
  count: string;
  seconds: string;
  mqtt?: string;
  firstDtu: string;
  faultChance: string;
  trappedChance: string;
  otaFailAt?: string;
  otaCorruptAt?: string;
  otaDropAt?: string;
  otaSlowAck?: string;
}

/** How long stopping waits for the gateways' last publishes. */
const STOP_WAIT_MS = 3000;

/** The MQTT broker a server's gateways use by default: the same host, port 1884 (docs/gateway-protocol.md). */
export const defaultMqttUrl = (server: string): string => `mqtt://${new URL(server).hostname}:1884`;

const positive = (value: string, flag: string, whole = true): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (whole && !Number.isInteger(n)))
    throw new CliError(t('live.badId', { flag, value }), EXIT.usage);
  return n;
};

/** A share of the firmware (0 to 1) at which a simulated gateway misbehaves during an OTA transfer. */
const share = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  const n = positive(value, flag, false);
  if (n > 1) throw new CliError(t('live.badId', { flag, value }), EXIT.usage);
  return n;
};

export function register(program: Command): void {
  program
    .command('simulate')
    .description(t('cmd.simulate'))
    .option('--count <n>', t('opt.simCount'), '10')
    .option('--seconds <s>', t('opt.simSeconds'), '0')
    .option('--mqtt <url>', t('opt.mqtt'))
    .option('--first-dtu <dtu>', t('opt.firstDtu'), '86500000001')
    .option('--fault-chance <p>', t('opt.faultChance'), '0.002')
    .option('--trapped-chance <p>', t('opt.trappedChance'), '0.0005')
    .option('--ota-fail-at <share>', t('opt.otaFailAt'))
    .option('--ota-corrupt-at <share>', t('opt.otaCorruptAt'))
    .option('--ota-drop-at <share>', t('opt.otaDropAt'))
    .option('--ota-slow-ack <ms>', t('opt.otaSlowAck'))
    .action(async (opts: SimulateOptions, cmd: Command) => {
      const ctx = await contextFor(cmd);
      // OTA transfers misbehave on request (docs/gateway-protocol.md "OTA transfer"): each once per transfer
      const ota = {
        failAt: share(opts.otaFailAt, '--ota-fail-at'),
        corruptAt: share(opts.otaCorruptAt, '--ota-corrupt-at'),
        dropAt: share(opts.otaDropAt, '--ota-drop-at'),
        slowAckMs: opts.otaSlowAck === undefined ? undefined : positive(opts.otaSlowAck, '--ota-slow-ack'),
      };
      const count = positive(opts.count, '--count');
      const seconds = positive(opts.seconds, '--seconds', false);
      const first = Number(opts.firstDtu);
      if (!/^\d{11}$/.test(opts.firstDtu) || !/^\d{11}$/.test(String(first + count - 1)))
        throw new CliError(t('sim.badDtu', { value: opts.firstDtu }), EXIT.usage);
      if (count < 1) throw new CliError(t('live.badId', { flag: '--count', value: opts.count }), EXIT.usage);
      const mqttUrl = opts.mqtt ?? defaultMqttUrl(ctx.requireServer());
      const { SimulatedGateway, runFleet, provisionThroughApi } = await import('@liftcloud/simulator');

      const dtus = Array.from({ length: count }, (_, i) => String(first + i));
      const provisioned = await ctx.call((client) => provisionThroughApi(client, dtus), {
        label: () => t('sim.provisioning', { count }),
      });
      const gateways = provisioned.map(
        ({ dtu, secret }) =>
          new SimulatedGateway({
            mqttUrl,
            dtu,
            secret,
            floors: 20,
            faultChance: Number(opts.faultChance),
            trappedChance: Number(opts.trappedChance),
            ota,
          }),
      );

      const fleet = await Promise.race([
        runFleet(gateways),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new CliError(t('sim.noBroker', { url: mqttUrl }), EXIT.error)), 15_000).unref(),
        ),
      ]);
      say.info(t('sim.running', { count, url: mqttUrl, first: opts.firstDtu, last: String(first + count - 1) }));
      const json = ctx.format() === 'json' || ctx.format() === 'jsonl';
      const report = setInterval(() => say.info(t('sim.sent', { sent: fleet.sent() })), 5000);
      let limit: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        process.removeAllListeners('SIGINT');
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
        if (seconds > 0) limit = setTimeout(resolve, seconds * 1000);
      });
      clearTimeout(limit);
      clearInterval(report);
      // A gateway whose broker went away waits on its publish; stopping gives it a few seconds, not forever.
      process.once('SIGINT', () => process.exit(EXIT.interrupt));
      const stopped = await Promise.race([
        fleet.stop().then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), STOP_WAIT_MS).unref()),
      ]);
      say.info(t('sim.stopped', { sent: fleet.sent() }));
      if (json) await writeTo(process.stdout, `${JSON.stringify({ gateways: count, sent: fleet.sent(), mqttUrl })}\n`);
      if (!stopped) process.exit(EXIT.ok);
    });
}
