import { scorePotentialFault, type PotentialFaultDetail } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { LiveEvents } from '../monitoring/live-events.js';
import { ELEVATOR_ORG_COLUMNS, elevatorOrgIds } from '../monitoring/gateways.js';
import type { LooseDB } from '../store/repository.js';
import type { Job } from './job.js';

export const POTENTIAL_FAULTS_JOB = 'potential-faults';
const DAY_MS = 86_400_000;

interface Setting {
  id: number;
  name: string;
  warningValue: number;
  statPeriod: number;
  /** Only elevators on a fault template of this name, when set. */
  faultTemplate: string | null;
  details: PotentialFaultDetail[];
}

const parseDetails = (v: unknown): PotentialFaultDetail[] => {
  const list = (typeof v === 'string' ? JSON.parse(v) : v) as PotentialFaultDetail[] | null;
  return Array.isArray(list) ? list : [];
};

/** "Door lock faults: 5 ≥ 5 over 7 days: fault 12 ×3 (weight 100), fault 31 ×4 (weight 50)" (a log line, English). */
export const potentialFaultDescription = (
  s: Pick<Setting, 'name' | 'warningValue' | 'statPeriod'>,
  score: number,
  contributions: { faultCode: number; count: number; weight: number }[],
): string =>
  `${s.name}: ${score} ≥ ${s.warningValue} over ${s.statPeriod} days: ${contributions
    .map((c) => `fault ${c.faultCode} ×${c.count} (weight ${c.weight})`)
    .join(', ')}`.slice(0, 500);

/**
 * Potential-fault scoring (docs/decisions.md "EOCD (issue 18)"): for each setting, each elevator's faults of the
 * setting's codes within its period, weighted; at or above the warning value, a potential fault is raised once
 * (its row, a hazard record with code PF-<setting> listed on /potential, and the hazard notice, frame 7). While
 * it stands, later faults only update its score and contributions: no second notice. When the score falls
 * below (faults leave the period), it is cleared, and a later crossing raises a new one.
 *
 * On the leased scheduler, so one instance scores at a time; the unique index on open potential faults
 * (migration 039) keeps a raise single even so. Safe to run twice: a second run finds them open.
 */
export function potentialFaultsJob(deps: { db: Kysely<LooseDB>; live: LiveEvents; everyMs?: number }): Job {
  const { db, live } = deps;
  return {
    name: POTENTIAL_FAULTS_JOB,
    schedule: { everyMs: deps.everyMs ?? 60_000 },
    async run({ now, log, signal }) {
      const settings: Setting[] = (
        await db.selectFrom('potentialFaultSettings').selectAll().orderBy('id').execute()
      ).map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        warningValue: Number(r.warningValue),
        statPeriod: Number(r.statPeriod),
        faultTemplate: (r.faultTemplate as string | null) || null,
        details: parseDetails(r.details),
      }));
      // a deleted setting's open potential faults are cleared
      let stale = db
        .updateTable('potentialFaults')
        .set({ open: null, clearedTime: now, updateTime: now })
        .where('open', '=', 1);
      if (settings.length)
        stale = stale.where(
          'settingId',
          'not in',
          settings.map((s) => s.id),
        );
      await stale.execute();

      let raised = 0;
      for (const setting of settings) {
        if (signal.aborted) throw new Error('stopped');
        raised += await scoreSetting(db, live, setting, now);
      }
      if (raised) log.info({ raised }, 'potential faults raised');
    },
  };
}

async function scoreSetting(db: Kysely<LooseDB>, live: LiveEvents, setting: Setting, now: number): Promise<number> {
  const codes = setting.details.filter((d) => d.weight > 0).map((d) => String(d.faultCode));
  const since = now - setting.statPeriod * DAY_MS;
  let q = db
    .selectFrom('faultRecords as f')
    .select((eb) => [
      'f.elevatorId',
      'f.faultNo',
      eb.fn.countAll().as('n'),
      eb.fn.max('f.faultTime').as('last'),
      eb.fn.max('f.dtuCode').as('dtuCode'),
    ])
    .where('f.faultNo', 'in', codes.length ? codes : ['\u0000'])
    .where('f.faultTime', '>', since)
    .where('f.faultTime', '<=', now)
    .groupBy(['f.elevatorId', 'f.faultNo']);
  if (setting.faultTemplate !== null)
    q = q
      .innerJoin('elevators as e', 'e.id', 'f.elevatorId')
      .innerJoin('faultTemplates as ft', 'ft.id', 'e.faultTemplateId')
      .where('ft.name', '=', setting.faultTemplate);
  const rows = codes.length ? await q.execute() : [];

  const counts = new Map<number, { counts: Map<string, number>; dtuCode: string }>();
  for (const r of rows) {
    const id = Number(r.elevatorId);
    const entry = counts.get(id) ?? { counts: new Map<string, number>(), dtuCode: String(r.dtuCode) };
    entry.counts.set(String(r.faultNo), Number(r.n));
    counts.set(id, entry);
  }
  const hot = new Map<number, ReturnType<typeof scorePotentialFault> & { dtuCode: string }>();
  for (const [elevatorId, entry] of counts) {
    const scored = scorePotentialFault(setting.details, entry.counts);
    if (scored.score >= setting.warningValue) hot.set(elevatorId, { ...scored, dtuCode: entry.dtuCode });
  }

  const open = await db
    .selectFrom('potentialFaults')
    .select(['id', 'elevatorId', 'score'])
    .where('settingId', '=', setting.id)
    .where('open', '=', 1)
    .execute();
  const openBy = new Map(open.map((o) => [Number(o.elevatorId), o]));
  // cleared: below the warning value now
  const cleared = open.filter((o) => !hot.has(Number(o.elevatorId))).map((o) => Number(o.id));
  if (cleared.length)
    await db
      .updateTable('potentialFaults')
      .set({ open: null, clearedTime: now, updateTime: now })
      .where('id', 'in', cleared)
      .where('open', '=', 1)
      .execute();

  let raised = 0;
  for (const [elevatorId, scored] of hot) {
    const values = {
      score: scored.score,
      faultCount: scored.faultCount,
      contributions: JSON.stringify(scored.contributions),
      updateTime: now,
    };
    const standing = openBy.get(elevatorId);
    if (standing) {
      // still standing: its figures follow the faults, without a second notice
      if (Number(standing.score) !== scored.score)
        await db.updateTable('potentialFaults').set(values).where('id', '=', standing.id).execute();
      continue;
    }
    const notice = await raise(db, setting, elevatorId, scored, now);
    if (!notice) continue;
    raised++;
    await live.publish('hazard', notice.audience, notice.data);
  }
  return raised;
}

/** A new potential fault and its hazard record, in one transaction; null when one already stands (another run). */
async function raise(
  db: Kysely<LooseDB>,
  setting: Setting,
  elevatorId: number,
  scored: ReturnType<typeof scorePotentialFault> & { dtuCode: string },
  now: number,
) {
  const elevator = await db
    .selectFrom('elevators')
    .select(['id', 'tenantId', 'name', ...ELEVATOR_ORG_COLUMNS])
    .where('id', '=', elevatorId)
    .executeTakeFirst();
  if (!elevator) return null;
  const tenantId = Number(elevator.tenantId);
  const orgId = elevator.orgId === null ? null : Number(elevator.orgId);
  const code = `PF-${setting.id}`.slice(0, 16);
  const description = potentialFaultDescription(setting, scored.score, scored.contributions);
  const stored = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('potentialFaults')
      .values({
        tenantId,
        orgId,
        elevatorId,
        settingId: setting.id,
        settingName: setting.name,
        score: scored.score,
        warningValue: setting.warningValue,
        statPeriod: setting.statPeriod,
        faultCount: scored.faultCount,
        contributions: JSON.stringify(scored.contributions),
        raisedTime: now,
        open: 1,
        clearedTime: null,
        hazardRecordId: null,
        createTime: now,
        updateTime: now,
      })
      .onConflict((oc) => oc.columns(['settingId', 'elevatorId', 'open']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    const id = Number(inserted.id);
    const hazard = await trx
      .insertInto('hazardRecords')
      .values({
        tenantId,
        orgId,
        elevatorId,
        dtuCode: scored.dtuCode,
        msgId: `pf-${id}`,
        hazardTime: now,
        code,
        description,
        faultRecordId: null,
        faultNo: null,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('potentialFaults')
      .set({ hazardRecordId: Number(hazard.id) })
      .where('id', '=', id)
      .execute();
    return { id, hazardId: Number(hazard.id) };
  });
  if (!stored) return null;
  return {
    audience: { tenantId, orgIds: elevatorOrgIds(elevator), elevatorId },
    data: {
      dtu: scored.dtuCode,
      elevatorId,
      elevatorName: (elevator.name as string | null) ?? null,
      id: stored.hazardId,
      code,
      description,
      hazardTime: now,
      potentialFaultId: stored.id,
    },
  };
}
