import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { t } from '../../i18n/index.js';
import type { Column } from '../../output/columns.js';
import { writeTo } from '../../output/stream.js';
import { renderTable } from '../../output/table.js';
import { terminal } from '../../output/terminal.js';
import type { Row } from './definition.js';

/**
 * The entities whose lists change by themselves, with live data (kubectl get -w): online state, alarms,
 * faults, repair and maintenance orders moving through their states, gateway tests. Others change only when
 * someone edits them and take no --watch.
 */
export const WATCHABLE = new Set([
  'elevator',
  'gatewayDevice',
  'alarmRecord',
  'faultRecord',
  'eventRecord',
  'callRecord',
  'workOrder',
  'maintenanceOrder',
  'gatewayTest',
  'netApply',
]);

/** Seconds between reads when --interval is not given. */
export const WATCH_INTERVAL_S = 5;

/** --watch and --interval on a list command of a watchable entity. */
export function addWatchOptions(command: Command, entity: string): Command {
  if (!WATCHABLE.has(entity)) return command;
  return command
    .option('-w, --watch', t('opt.watch'))
    .option('--interval <seconds>', t('opt.watchInterval', { seconds: WATCH_INTERVAL_S }));
}

export function watchInterval(value: unknown): number {
  if (value === undefined) return WATCH_INTERVAL_S * 1000;
  const s = Number(value);
  if (!Number.isFinite(s) || s < 1 || s > 3600)
    throw new CliError(t('watch.badInterval', { value: String(value) }), EXIT.usage);
  return s * 1000;
}

const rowKey = (row: Row) => String(row.id);
const sameRow = (a: Row | undefined, b: Row) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * Read the page again every interval until Ctrl-C (exit 130). On a terminal the table is drawn again in place
 * with the time of the read; otherwise (a pipe, a log) the first read prints every row and each later read the
 * rows that are new or changed, as kubectl get -w does: table lines without the header, or JSON lines.
 */
export async function watchList(
  ctx: Context,
  read: () => Promise<Row[]>,
  columns: Column<Row>[],
  opts: { intervalMs: number; label: string },
): Promise<never> {
  const format = ctx.format();
  if (format !== 'table' && format !== 'wide' && format !== 'jsonl')
    throw new CliError(t('watch.badFormat', { format }), EXIT.usage);
  const term = terminal();
  const redraw = format !== 'jsonl' && term.stdoutIsTTY;
  const fit = format === 'wide' ? {} : { maxCellWidth: 40, maxTableWidth: term.columns };
  let last = new Map<string, Row>();
  let first = true;
  for (;;) {
    const rows = await read();
    if (redraw) {
      const time = new Date().toLocaleTimeString();
      const head = t('watch.header', { label: opts.label, seconds: opts.intervalMs / 1000, time });
      const body = rows.length ? renderTable(columns, rows, { color: term.color, ...fit }) : `${t('watch.none')}\n`;
      await writeTo(process.stdout, `\u001b[H\u001b[2J${head}\n\n${body}`);
    } else {
      const changed = rows.filter((row) => !sameRow(last.get(rowKey(row)), row));
      if (format === 'jsonl') {
        for (const row of changed) await writeTo(process.stdout, `${JSON.stringify(row)}\n`);
      } else if (changed.length) {
        const table = renderTable(columns, changed, { color: false, ...fit });
        await writeTo(process.stdout, first ? table : table.slice(table.indexOf('\n') + 1));
      }
    }
    first = false;
    last = new Map(rows.map((row) => [rowKey(row), row]));
    await new Promise((resolve) => setTimeout(resolve, opts.intervalMs));
  }
}
