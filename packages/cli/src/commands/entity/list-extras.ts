import { CONTRACT_STATE, addDays, todayIn } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { t } from '../../i18n/index.js';
import { localTimeZone } from '../../time-zone.js';

/**
 * List options particular to one entity, beside the filters its definition declares: what a cron report asks
 * in words a person types (`contract list --expiring 30d`), turned into the definition's own filters.
 */
export interface ListExtra {
  options(command: Command): Command;
  query(opts: Record<string, unknown>): Record<string, string | number>;
}

/** A span in whole days: 30d, 2w or 30. */
export function parseDays(value: string): number {
  const m = /^(\d{1,4})\s*([dw]?)$/i.exec(value.trim());
  if (!m) throw new CliError(t('upkeep.badSpan', { value }), EXIT.usage);
  return Number(m[1]) * (m[2]?.toLowerCase() === 'w' ? 7 : 1);
}

/** Today in this machine's time zone: the day the server reckons the expiry status by, as the client sends it. */
const today = () => todayIn(localTimeZone());

/**
 * The lifts whose annual inspection falls due within `days` from today: each lift's last pass made between a
 * year back and a year back plus the span (the server's notice window, docs/decisions.md "Annual inspections").
 */
export function dueWindow(days: number, from = today()): { startTime: string; endTime: string } {
  const yearBack = addDays(from, -365);
  return { startTime: `${yearBack} 00:00:00`, endTime: `${addDays(yearBack, days)} 23:59:59` };
}

export const LIST_EXTRAS: Record<string, ListExtra> = {
  inspection: {
    options: (command) => command.option('--due-within <span>', t('opt.dueWithin')),
    query: (opts): Record<string, string | number> =>
      typeof opts.dueWithin === 'string' ? dueWindow(parseDays(opts.dueWithin)) : {},
  },
  contract: {
    options: (command) => command.option('--expiring <span>', t('opt.expiring')),
    query(opts): Record<string, string | number> {
      if (typeof opts.expiring !== 'string') return {};
      const days = parseDays(opts.expiring);
      const from = today();
      return { state: CONTRACT_STATE.valid, endDateStart: from, endDateEnd: addDays(from, days) };
    },
  },
};
