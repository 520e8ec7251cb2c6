import {
  COUNTED_KINDS,
  PUSH_KINDS,
  PUSH_STATS_DEFAULT_DAYS,
  PUSH_STATS_MAX_DAYS,
  dayText,
  utcDay,
  type GatewayPushStats,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { csvLine } from '../output/csv.js';
import { writeTo } from '../output/stream.js';
import { renderTable } from '../output/table.js';
import { terminal } from '../output/terminal.js';
import { contextFor } from './options.js';

type DayRow = GatewayPushStats['days'][number];

/** --days: a whole number of UTC days from 1 to the per-gateway query's limit. */
export function parseDays(value: string): number {
  const days = Number(value);
  if (!/^\d+$/.test(value) || days < 1 || days > PUSH_STATS_MAX_DAYS)
    throw new CliError(t('ps.badDays', { max: PUSH_STATS_MAX_DAYS, value }), EXIT.usage);
  return days;
}

/** Days newest first: the day, each accepted kind (named as in the topic), dropped, accepted. */
export function renderPushStats(stats: GatewayPushStats, color: boolean): string {
  const columns: Column<DayRow>[] = [
    { key: 'day', header: t('ps.col.day'), value: (r) => r.day },
    ...PUSH_KINDS.map((kind): Column<DayRow> => ({ key: kind, header: kind, value: (r) => r[kind] })),
    { key: 'dropped', header: t('ps.col.dropped'), value: (r) => r.dropped },
    { key: 'total', header: t('ps.col.total'), value: (r) => r.total },
  ];
  const { totals } = stats;
  const summary = t('ps.summary', {
    dtu: stats.dtuCode,
    total: totals.total,
    dropped: totals.dropped,
    malformed: totals.malformed,
    oversized: totals.oversized,
    unbound: totals.unbound,
    from: stats.from,
    to: stats.to,
    last: stats.lastPushTime ?? t('ps.none'),
  });
  return `${renderTable(columns, [...stats.days].reverse(), { color })}\n${summary}\n`;
}

/** `liftctl gateway push-stats <dtu> [--days N] [--json]`, added to the gateway command. */
export function registerPushStats(gateway: Command): void {
  gateway
    .command('push-stats')
    .argument('<dtu>', t('arg.dtu'))
    .description(t('cmd.gateway.pushStats'))
    .option('--days <n>', t('opt.days', { max: PUSH_STATS_MAX_DAYS }), String(PUSH_STATS_DEFAULT_DAYS))
    .option('--json', t('opt.json'))
    .action(async (dtu: string, opts: { days: string; json?: boolean }, cmd: Command) => {
      if (!/^\d{11}$/.test(dtu)) throw new CliError(t('ps.badDtu', { value: dtu }), EXIT.usage);
      const days = parseDays(opts.days);
      const ctx = await contextFor(cmd);
      const to = utcDay();
      const stats = await ctx.call(async (client) => {
        const found = await client.entities.gatewayDevice.list({ dtuCode: dtu });
        const gateway = found.records.find((g) => g.dtuCode === dtu);
        if (!gateway) throw new CliError(t('ps.unknownDtu', { dtu }), EXIT.error);
        return client.pushStats.ofGateway(gateway.id, { from: dayText(to - days + 1), to: dayText(to) });
      });
      const format = opts.json ? 'json' : ctx.format();
      if (format === 'table' || format === 'wide')
        await writeTo(process.stdout, renderPushStats(stats, terminal().color));
      else if (format === 'yaml') await writeTo(process.stdout, (await import('yaml')).stringify(stats));
      else if (format === 'csv') {
        const keys = ['day', ...COUNTED_KINDS, 'dropped', 'total'] as const;
        await writeTo(
          process.stdout,
          [[...keys], ...stats.days.map((d) => keys.map((k) => d[k]))].map((line) => csvLine(line)).join(''),
        );
      } else if (format === 'jsonl')
        for (const day of stats.days) await writeTo(process.stdout, `${JSON.stringify({ dtuCode: dtu, ...day })}\n`);
      else await writeTo(process.stdout, `${JSON.stringify(stats, null, 2)}\n`);
    });
}
