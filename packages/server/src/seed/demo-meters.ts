import type { Kysely } from 'kysely';
import type { LooseDB } from '../store/repository.js';
import { HISTORY_DAYS } from './demo-history.js';

const HOUR = 3_600_000;
/** The demo's meter gateway code of a gateway's lift: EM- and the DTU number. */
export const demoMeterCode = (dtu: string) => `EM-${dtu}`;

/** A busy building's hours: little at night, a morning and an evening peak (share of the running draw). */
const hourLoad = (hour: number) => (hour < 6 ? 0.05 : hour < 9 ? 0.6 : hour < 17 ? 0.4 : hour < 20 ? 0.7 : 0.15);

/**
 * The demo fleet's electricity meters: one meter gateway per lift (code EM-{dtu}, meter 01) and a week of hourly
 * readings ending at `now`, its register climbing with the building's hours (escalators draw all day). The
 * seventh lift's meter was replaced three days ago, so its register starts again from zero (a reset the
 * consumption counts through). The simulated gateways go on from the last reading (provisionDemoFleet).
 */
export async function seedDemoMeters(
  db: Kysely<LooseDB>,
  tenantId: number,
  elevatorIds: number[],
  now: number,
): Promise<void> {
  const lifts = await db
    .selectFrom('elevators')
    .select(['id', 'orgId', 'name', 'dtuCode', 'useUnitId', 'elevatorType'])
    .where('id', 'in', elevatorIds)
    .orderBy('id')
    .execute();
  const readings: Record<string, unknown>[] = [];
  const start = now - HISTORY_DAYS * 24 * HOUR;
  for (const [i, l] of lifts.entries()) {
    const dtu = String(l.dtuCode);
    const code = demoMeterCode(dtu);
    await db
      .insertInto('meterGateways')
      .values({
        tenantId,
        orgId: l.orgId,
        code,
        name: `${String(l.name)} 电表`,
        elevatorId: l.id,
        dbNo: '01',
        useUnitId: l.useUnitId,
        // its last reading is the history's last (now); the offline sweep marks a meter no gateway goes on with
        online: 1,
        lastReportTime: now,
        createTime: now,
        updateTime: now,
      })
      .execute();
    const escalator = Number(l.elevatorType) === 6 || Number(l.elevatorType) === 7;
    let kwh = 8_000 + i * 731.5;
    const resetAt = i === 6 ? now - 3 * 24 * HOUR : null;
    for (let t = start, n = 0; t <= now; t += HOUR, n++) {
      const hour = new Date(t + 8 * HOUR).getUTCHours(); // the sites are in China
      const kw = escalator
        ? hour >= 7 && hour < 22
          ? 4
          : 0.3
        : 0.35 + 7.5 * hourLoad(hour) * (0.8 + ((n * 7 + i) % 5) / 10);
      kwh += kw;
      if (resetAt !== null && t >= resetAt && t - HOUR < resetAt) kwh = kw;
      readings.push({
        tenantId,
        orgId: l.orgId,
        elevatorId: l.id,
        dtuCode: dtu,
        msgId: `demo-meter-${dtu}-${n}`,
        gwSn: code,
        dbNo: '01',
        kwh: Math.round(kwh * 1000) / 1000,
        voltage: 380,
        power: Math.round(kw * 100) / 100,
        readTime: t,
        createTime: t,
        updateTime: t,
      });
    }
  }
  for (let i = 0; i < readings.length; i += 200)
    await db
      .insertInto('meterReadings')
      .values(readings.slice(i, i + 200))
      .execute();
}

/**
 * The meter a simulated gateway forwards: its lift's registered meter gateway (one is registered for a lift that
 * has none, as a store seeded before meters existed), going on from its latest reading.
 */
export async function demoMeterOf(
  db: Kysely<LooseDB>,
  gw: { dtu: string; elevatorId: number; tenantId: number; orgId: number | null },
): Promise<{ gwSn: string; dbNo: string; startKwh: number }> {
  let meter = await db
    .selectFrom('meterGateways')
    .select(['code', 'dbNo'])
    .where('elevatorId', '=', gw.elevatorId)
    .orderBy('id')
    .executeTakeFirst();
  if (!meter) {
    const now = Date.now();
    const lift = await db
      .selectFrom('elevators')
      .select(['name', 'useUnitId'])
      .where('id', '=', gw.elevatorId)
      .executeTakeFirst();
    meter = { code: demoMeterCode(gw.dtu), dbNo: '01' };
    await db
      .insertInto('meterGateways')
      .values({
        tenantId: gw.tenantId,
        orgId: gw.orgId,
        code: meter.code,
        name: `${String(lift?.name ?? gw.dtu)} 电表`,
        elevatorId: gw.elevatorId,
        dbNo: '01',
        useUnitId: lift?.useUnitId ?? null,
        online: 0,
        createTime: now,
        updateTime: now,
      })
      .execute();
  }
  const last = await db
    .selectFrom('meterReadings')
    .select('kwh')
    .where('elevatorId', '=', gw.elevatorId)
    .where('gwSn', '=', String(meter.code))
    .orderBy('readTime', 'desc')
    .executeTakeFirst();
  return { gwSn: String(meter.code), dbNo: String(meter.dbNo ?? '01'), startKwh: Number(last?.kwh ?? 0) };
}
