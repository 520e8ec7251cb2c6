import {
  EOCD_SAMPLE_RETENTION_DAYS,
  overLimits,
  type EocdMetric,
  type RunMetrics,
  type VibrationMessage,
} from '@liftcloud/client';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { GatewayRecord } from './event-records.js';
import { EocdMeasurer } from './eocd-measurer.js';
import type { GatewayInfo } from './gateways.js';
import { SAMPLES_ENCODING } from './eocd-samples.js';

type Trx = Transaction<LooseDB>;
const DAY_MS = 86_400_000;

/** The low-pass cut-off when no threshold names one (ISO 18738-1's 10 Hz for ride acceleration). */
export const DEFAULT_LOW_PASS_HZ = 10;

/** A threshold row as the ingest holds a run to it. */
export interface ThresholdRow extends Record<EocdMetric, number> {
  id: number;
  companyId: number;
  speed: number;
  lowPassHz: number;
}

/** A run decoded and measured before its batch's transaction (nothing of it needs the store's write lock). */
export interface PreparedRun {
  /** The samples as they are stored, in SAMPLES_ENCODING (eocd-samples.ts). */
  samples: Uint8Array;
  scale: number;
  sampleCount: number;
  metrics: RunMetrics;
  threshold: ThresholdRow | null;
  over: { metric: EocdMetric; value: number; limit: number }[];
}

/**
 * Which threshold an elevator's runs are held to (docs/decisions.md "EOCD thresholds"): of its maintenance
 * company's, else its own organisation's, else a related company's thresholds, the one for its rated speed; with
 * none for exactly that speed, the lowest speed above it, else the highest below it.
 */
export function pickThreshold(
  rows: readonly ThresholdRow[],
  companies: readonly number[],
  ratedSpeed: number | null,
): ThresholdRow | null {
  for (const company of companies) {
    const own = rows.filter((r) => r.companyId === company);
    if (!own.length) continue;
    if (ratedSpeed === null) return own.reduce((a, b) => (b.speed < a.speed ? b : a));
    const exact = own.find((r) => r.speed === ratedSpeed);
    if (exact) return exact;
    const above = own.filter((r) => r.speed > ratedSpeed).sort((a, b) => a.speed - b.speed);
    if (above.length) return above[0]!;
    return own.reduce((a, b) => (b.speed > a.speed ? b : a));
  }
  return null;
}

const CACHE_MS = 5_000;

/** Measures (eocd-measurer.ts) and judges uploaded runs; thresholds per elevator cached briefly. */
export class EocdRuns {
  private thresholds = new Map<number, { row: ThresholdRow | null; until: number }>();
  private readonly measurer = new EocdMeasurer();
  constructor(private readonly db: Kysely<DB>) {}

  forget(): void {
    this.thresholds.clear();
  }

  private async thresholdOf(elevatorId: number): Promise<ThresholdRow | null> {
    const now = Date.now();
    const hit = this.thresholds.get(elevatorId);
    if (hit && hit.until > now) return hit.row;
    const db = this.db as unknown as Kysely<LooseDB>;
    const e = await db
      .selectFrom('elevators')
      .select([
        'tenantId',
        'ratedSpeed',
        'orgId',
        'maintenanceCompanyId',
        'propertyCompanyId',
        'manufacturerId',
        'installationCompanyId',
        'modificationCompanyId',
      ])
      .where('id', '=', elevatorId)
      .executeTakeFirst();
    let row: ThresholdRow | null = null;
    if (e) {
      const companies = [
        e.maintenanceCompanyId,
        e.orgId,
        e.propertyCompanyId,
        e.manufacturerId,
        e.installationCompanyId,
        e.modificationCompanyId,
      ]
        .filter((v) => v !== null && v !== undefined)
        .map(Number);
      const rows = companies.length
        ? await db
            .selectFrom('eocdThresholds')
            .selectAll()
            .where('tenantId', '=', Number(e.tenantId))
            .where('companyId', 'in', companies)
            .execute()
        : [];
      row = pickThreshold(
        rows.map(
          (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as ThresholdRow,
        ),
        companies,
        e.ratedSpeed === null || e.ratedSpeed === undefined ? null : Number(e.ratedSpeed),
      );
    }
    this.thresholds.set(elevatorId, { row, until: now + CACHE_MS });
    return row;
  }

  /**
   * The run read, measured (in the EOCD worker, off the alarm path) and judged; or why it is dropped (not JSON, not
   * the protocol's vibration message, samples that are not whole instants of three axes).
   */
  async prepare(
    gateway: GatewayInfo,
    payload: Uint8Array,
  ): Promise<
    { message: VibrationMessage; run: PreparedRun } | { drop: 'json' | 'schema' | 'samples'; issues?: unknown[] }
  > {
    const threshold = await this.thresholdOf(gateway.elevatorId!);
    const measured = await this.measurer.measure(payload, threshold?.lowPassHz ?? DEFAULT_LOW_PASS_HZ);
    if (!measured.ok) return { drop: measured.reason, ...(measured.issues ? { issues: measured.issues } : {}) };
    const { message, samples, sampleCount, metrics } = measured;
    const over = threshold ? overLimits(metrics, threshold) : [];
    return { message, run: { samples, scale: message.scale, sampleCount, metrics, threshold, over } };
  }

  close(): Promise<void> {
    return this.measurer.close();
  }
}

/** The hazard code of a run over its threshold, by the first metric over (at most 16 characters). */
export const EOCD_HAZARD_CODES: Record<EocdMetric, string> = {
  isoHorizontalPeakToPeak: 'EOCD-ISO-H-PP',
  isoVerticalPeakToPeak: 'EOCD-ISO-V-PP',
  isoHorizontalA95: 'EOCD-ISO-H-A95',
  isoVerticalA95: 'EOCD-ISO-V-A95',
  lowPassHorizontal: 'EOCD-LP-H',
  lowPassVertical: 'EOCD-LP-V',
};

const METRIC_TEXT: Record<EocdMetric, string> = {
  isoHorizontalPeakToPeak: 'ISO horizontal peak-to-peak',
  isoVerticalPeakToPeak: 'ISO vertical peak-to-peak',
  isoHorizontalA95: 'ISO horizontal A95',
  isoVerticalA95: 'ISO vertical A95',
  lowPassHorizontal: 'low-pass horizontal peak-to-peak',
  lowPassVertical: 'low-pass vertical peak-to-peak',
};

/** "ISO horizontal peak-to-peak 0.412 m/s² over the limit 0.300 m/s²; … (EOCD run 17)". */
export const hazardDescription = (over: PreparedRun['over'], runId: number): string =>
  `${over.map((o) => `${METRIC_TEXT[o.metric]} ${o.value.toFixed(3)} m/s² over the limit ${o.limit.toFixed(3)} m/s²`).join('; ')} (EOCD run ${runId})`.slice(
    0,
    500,
  );

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Stores a run (its metrics, and its samples until EOCD_SAMPLE_RETENTION_DAYS), and, over its threshold, a hazard
 * record naming metric, value and limit. Null for a repeated message.
 */
export async function storeRun(
  trx: Trx,
  record: GatewayRecord,
  m: VibrationMessage,
  run: PreparedRun,
  now: number,
): Promise<{ runId: number; hazard: { id: number; code: string; description: string } | null } | null> {
  const { metrics } = run;
  const inserted = await trx
    .insertInto('eocdRuns')
    .values({
      ...record,
      runTime: m.ts,
      sampleRate: m.rate,
      sampleCount: run.sampleCount,
      startFloor: m.startFloor ?? null,
      endFloor: m.endFloor ?? null,
      isoHorizontalPeakToPeak: round(metrics.horizontal.isoPeakToPeak),
      isoVerticalPeakToPeak: round(metrics.vertical.isoPeakToPeak),
      isoHorizontalA95: round(metrics.horizontal.isoA95),
      isoVerticalA95: round(metrics.vertical.isoA95),
      lowPassHorizontal: round(metrics.horizontal.lowPassPeakToPeak),
      lowPassVertical: round(metrics.vertical.lowPassPeakToPeak),
      lowPassHz: metrics.lowPassHz,
      thresholdId: run.threshold?.id ?? null,
      overLimit: run.over.length ? 1 : 0,
      samplesKept: 1,
    })
    .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const runId = Number(inserted.id);
  await trx
    .insertInto('eocdSamples')
    .values({
      runId,
      scale: run.scale,
      data: Buffer.from(run.samples.buffer, run.samples.byteOffset, run.samples.byteLength),
      encoding: SAMPLES_ENCODING,
      keepUntil: now + EOCD_SAMPLE_RETENTION_DAYS * DAY_MS,
    })
    .execute();
  if (!run.over.length) return { runId, hazard: null };
  const code = EOCD_HAZARD_CODES[run.over[0]!.metric];
  const description = hazardDescription(run.over, runId);
  const hazard = await trx
    .insertInto('hazardRecords')
    .values({ ...record, hazardTime: m.ts, code, description, faultRecordId: null, faultNo: null })
    .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return { runId, hazard: hazard ? { id: Number(hazard.id), code, description } : null };
}

/** GatewayInfo is what the ingest resolved the run's gateway to. */
export type { GatewayInfo };
