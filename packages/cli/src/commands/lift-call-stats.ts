import {
  LIFT_CALL_LABELS,
  enumLabel,
  getLiftCallStatistics,
  liftCallFloors,
  liftCallOperation,
  type LiftCallUsage,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { currentLanguage } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { writeRecords } from '../output/records.js';
import { contextFor } from './options.js';

const label = (k: keyof typeof LIFT_CALL_LABELS) => LIFT_CALL_LABELS[k][currentLanguage()];

/** The usage lines: the floors as people read them ("3 → 12"); the operation's code for scripts, its label for people. */
const usageColumns = (): Column<LiftCallUsage>[] => [
  { key: 'username', header: label('username'), value: (u) => u.username ?? '' },
  { key: 'mobile', header: label('mobile'), value: (u) => u.mobile ?? '' },
  { key: 'floors', header: label('floors'), value: (u) => liftCallFloors(u) },
  {
    key: 'operationType',
    header: label('operationType'),
    value: (u) => u.operationType,
    display: (u) => enumLabel(liftCallOperation, u.operationType, currentLanguage()),
  },
  { key: 'calls', header: label('calls'), value: (u) => u.calls },
  { key: 'lastCallTime', header: label('lastCallTime'), value: (u) => u.lastCallTime },
];

/**
 * `stats --lift-calls`: the call-elevator statistics of the period as their usage lines (username, mobile, floors,
 * operation type, calls, last call), most calls first; `--by` and the figures per group are the console's.
 */
export async function liftCallStats(cmd: Command, query: { period: number; groupBy: 'elevator' }): Promise<void> {
  const ctx = await contextFor(cmd);
  const data = await ctx.call((client) => client.call(getLiftCallStatistics, { query }));
  await writeRecords(ctx.recordOutput(usageColumns(), usageColumns()), data.usage);
}
