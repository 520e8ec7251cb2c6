import { utcDay, type CountedKind } from '@liftcloud/client';
import { sql, type Transaction } from 'kysely';
import type { LooseDB } from '../store/repository.js';

interface Tally {
  gatewayId: number;
  kind: CountedKind;
  count: number;
  firstTime: number;
  lastTime: number;
}

/** Counts of pushes per (gateway, kind), gathered in memory until the next batch's transaction writes them. */
export class PushTally {
  private entries = new Map<string, Tally>();

  get size(): number {
    return this.entries.size;
  }

  add(gatewayId: number, kind: CountedKind, time: number, count = 1): void {
    const key = `${gatewayId}:${kind}`;
    const hit = this.entries.get(key);
    if (hit) {
      hit.count += count;
      hit.firstTime = Math.min(hit.firstTime, time);
      hit.lastTime = Math.max(hit.lastTime, time);
    } else this.entries.set(key, { gatewayId, kind, count, firstTime: time, lastTime: time });
  }

  /** Everything gathered so far; the tally starts empty again. */
  take(): Tally[] {
    const out = [...this.entries.values()];
    this.entries.clear();
    return out;
  }

  /** Put back what a failed transaction did not write, so the next one does. */
  restore(entries: Tally[]): void {
    for (const e of entries) {
      this.add(e.gatewayId, e.kind, e.firstTime, e.count);
      this.add(e.gatewayId, e.kind, e.lastTime, 0);
    }
  }
}

/**
 * Adds a batch's counts to the per-day counters in one statement, inside the batch's transaction: the
 * counts commit with the records they describe. The day is the UTC day of the commit.
 */
export async function writePushStats(trx: Transaction<LooseDB>, entries: Tally[], now: number): Promise<void> {
  if (!entries.length) return;
  const day = utcDay(now);
  await trx
    .insertInto('pushStats')
    .values(entries.map((e) => ({ ...e, day })))
    .onConflict((oc) =>
      oc.columns(['gatewayId', 'day', 'kind']).doUpdateSet((eb) => ({
        count: sql`${sql.ref('pushStats.count')} + ${eb.ref('excluded.count')}`,
        lastTime: eb.ref('excluded.lastTime'),
      })),
    )
    .execute();
}
