import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LiftCloudClient,
  METER_OFFLINE_AFTER_MS,
  downloadElectricityMeterReportPdf,
  downloadElectricityMetersReportPdf,
  getElectricityMeterReport,
  getElectricityMetersReport,
  getElectricityStatistics,
  upTopic,
} from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_OFFLINE_JOB } from '../../packages/server/src/jobs/gateway-offline.js';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

const NY = 'America/New_York';
const HOUR = 3_600_000;
const dir = mkdtempSync(join(tmpdir(), 'liftcloud-electricity-'));
const pdfText = (bytes: Buffer, name: string) => {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
/** The calendar day of an instant in a zone, by Intl alone (not the server's date code). */
const dayIn = (t: number, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(t);

/**
 * What the test expects, computed here from the readings it sent: consecutive differences of one meter, a drop
 * counted as what the meter shows after its reset, each on the later reading's day; only days of this month.
 */
function expectedByDay(readings: { ts: number; kwh: number }[], tz: string): Map<string, number> {
  const month = dayIn(Date.now(), tz).slice(0, 7);
  const sorted = [...readings].sort((a, b) => a.ts - b.ts);
  const out = new Map<string, number>();
  for (let i = 1; i < sorted.length; i++) {
    const [prev, cur] = [sorted[i - 1]!, sorted[i]!];
    const day = dayIn(cur.ts, tz);
    if (day.slice(0, 7) !== month) continue;
    const used = cur.kwh >= prev.kwh ? cur.kwh - prev.kwh : cur.kwh;
    out.set(day, (out.get(day) ?? 0) + used);
  }
  return out;
}

describe.each(DIALECTS)('electricity meter readings and consumption on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let inNewYork: LiftCloudClient;
  let gw: TestGateway;
  let other: TestGateway;
  let conn: MqttClient;
  const code = `MG-${dialect}`;
  const now = Date.now();
  // 40 days back (before any current month), then every 5 hours over the last three days, with a reset
  const readings: { ts: number; kwh: number }[] = [{ ts: now - 40 * 24 * HOUR, kwh: 1000 }];
  let kwh = 1012.5;
  for (let k = 15; k >= 0; k--) {
    kwh = k === 6 ? 2.25 : Math.round((kwh + 3.125 + (k % 4) * 1.5) * 1000) / 1000;
    readings.push({ ts: now - k * 5 * HOUR, kwh });
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    inNewYork = new LiftCloudClient({ baseUrl: s.apiBase, session: admin.session, timeZone: NY });
    const unit = await admin.entities.useUnit.save({
      name: '海港商场',
      region: 'Shanghai',
      longitude: 121.5,
      latitude: 31.2,
      owner: 'Owner',
    });
    const tail = dialect === 'sqlite' ? '1' : '2';
    gw = await provisionGateway(s, admin, `8617000000${tail}`, { name: '一号客梯', no: 'EM-01', useUnitId: unit.id });
    other = await provisionGateway(s, admin, `8617100000${tail}`, { name: 'Lift two' });
    await admin.entities.meterGateway.save({ code, name: '配电房电表', elevatorId: gw.elevatorId, dbNo: '01' });
    conn = await connectGateway(s.mqttUrl, gw);
    for (const [i, r] of readings.entries())
      await publishQos1(
        conn,
        upTopic(gw.dtu, 'meter'),
        JSON.stringify({ id: `m-${i}`, ts: r.ts, gwSn: code, dbNo: '01', kwh: r.kwh, voltage: 380, power: 4.2 }),
      );
    // the same message again (a QoS 1 redelivery) and two that do not match the protocol
    await publishQos1(conn, upTopic(gw.dtu, 'meter'), JSON.stringify({ id: 'm-3', ts: now, gwSn: code, kwh: 1 }));
    await publishQos1(conn, upTopic(gw.dtu, 'meter'), JSON.stringify({ id: 'bad-1', ts: now, gwSn: code, kwh: -1 }));
    await publishQos1(conn, upTopic(gw.dtu, 'meter'), JSON.stringify({ id: 'bad-2', ts: now, kwh: 5 }));
  });
  afterAll(async () => {
    conn?.end(true);
    await s?.close();
  });

  it('stores each reading once through the broker and marks the meter gateway online', async () => {
    const db = s.store.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    const rows = await db.selectFrom('meterReadings').select(['msgId', 'kwh']).where('dtuCode', '=', gw.dtu).execute();
    expect(rows).toHaveLength(readings.length);
    expect(rows.find((r) => r.msgId === 'm-3')!.kwh).toBe(readings[3]!.kwh);
    const meter = (await admin.entities.meterGateway.list({ code })).records[0]!;
    expect(meter.online).toBe(true);
    expect(meter.lastReportTime).toBeTruthy();
  });

  it('computes consumption per day in the caller’s zone, a reset included, as counted here', async () => {
    const expected = expectedByDay(readings, NY);
    const stats = await inNewYork.call(getElectricityStatistics, { query: { period: 1 } });
    const row = stats.rows.find((r) => r.elevatorId === gw.elevatorId)!;
    expect(row).toMatchObject({ elevatorName: '一号客梯', elevatorNo: 'EM-01', useUnit: '海港商场', gwSn: code });
    expect(row.meterName).toBe('配电房电表');
    for (const [day, used] of expected) expect(row.days[stats.days.indexOf(day)]).toBeCloseTo(used, 3);
    const shown = new Map(stats.days.map((d, i) => [d, row.days[i]!] as const).filter(([, v]) => v > 0));
    expect([...shown.keys()].sort()).toEqual([...expected.keys()].filter((d) => expected.get(d)! > 0).sort());
    expect(row.total).toBeCloseTo(sum(expected), 3);
    // it reported before the month: its mean runs over every day of the month so far
    expect(row.dailyMean).toBeCloseTo(row.total / stats.days.length, 3);
    expect(row.resets).toBe(1);
    expect(row.lastKwh).toBe(readings[readings.length - 1]!.kwh);
    expect(stats.days[0]).toBe(`${dayIn(now, NY).slice(0, 7)}-01`);
    expect(stats.totals.total).toBeCloseTo(sum(expected), 3);
    // the lift without a meter has no row; a filter on it gives nothing
    expect(stats.rows.some((r) => r.elevatorId === other.elevatorId)).toBe(false);
    const none = await inNewYork.call(getElectricityStatistics, {
      query: { period: 1, elevatorIds: String(other.elevatorId) },
    });
    expect(none.rows).toEqual([]);
  });

  it('averages a meter that began reporting this period over its own days, not the whole period', async () => {
    const tail = dialect === 'sqlite' ? '1' : '2';
    const fresh = await provisionGateway(s, admin, `8617200000${tail}`, { name: 'Lift three' });
    const freshCode = `MG3-${dialect}`;
    await admin.entities.meterGateway.save({ code: freshCode, name: 'New meter', elevatorId: fresh.elevatorId });
    const first = { ts: now - 30 * HOUR, kwh: 500 };
    const sent = [first, { ts: now - 2 * HOUR, kwh: 536.5 }];
    const c = await connectGateway(s.mqttUrl, fresh);
    try {
      for (const [i, r] of sent.entries())
        await publishQos1(
          c,
          upTopic(fresh.dtu, 'meter'),
          JSON.stringify({ id: `n-${i}`, ts: r.ts, gwSn: freshCode, kwh: r.kwh }),
        );
    } finally {
      c.end(true);
    }
    const stats = await inNewYork.call(getElectricityStatistics, { query: { period: 1 } });
    const row = stats.rows.find((r) => r.gwSn === freshCode)!;
    expect(row.total).toBeCloseTo(36.5, 3);
    // from the day of its first reading through today; on a month's first day that reading is last month's
    const from = stats.days.indexOf(dayIn(first.ts, NY));
    const days = from < 0 ? stats.days.length : stats.days.length - from;
    expect(row.dailyMean).toBeCloseTo(36.5 / days, 3);
    const others = stats.rows.filter((r) => r.gwSn !== freshCode).reduce((t, r) => t + r.dailyMean, 0);
    expect(stats.totals.dailyMean).toBeCloseTo(others + row.dailyMean, 3);
    const single = await inNewYork.call(getElectricityMeterReport, {
      params: { id: fresh.elevatorId, meterGatewayCode: freshCode },
      query: { period: 1 },
    });
    expect(single.row.dailyMean).toBe(row.dailyMean);
  });

  it('cuts days at the caller’s midnight: Shanghai sees the same total on other days', async () => {
    const sh = new LiftCloudClient({ baseUrl: s.apiBase, session: admin.session, timeZone: 'Asia/Shanghai' });
    const expected = expectedByDay(readings, 'Asia/Shanghai');
    const stats = await sh.call(getElectricityStatistics, { query: { period: 2 } });
    const row = stats.rows.find((r) => r.elevatorId === gw.elevatorId)!;
    for (const [day, used] of expected) expect(row.days[stats.days.indexOf(day)]).toBeCloseTo(used, 3);
  });

  it('reports one meter, and several, as data and as PDFs in Chinese and English', async () => {
    const single = await inNewYork.call(getElectricityMeterReport, {
      params: { id: gw.elevatorId, meterGatewayCode: code },
      query: { period: 1 },
    });
    expect(single.row.total).toBeCloseTo(sum(expectedByDay(readings, NY)), 3);
    expect(single.useUnit).toBe('海港商场');
    const multi = await admin.call(getElectricityMetersReport, {
      query: { period: 1, gwSns: `${code},nobody`, name: 'Mall meters' },
    });
    expect(multi.name).toBe('Mall meters');
    expect(multi.rows.map((r) => r.gwSn)).toEqual([code]);

    const en = await inNewYork.call(downloadElectricityMeterReportPdf, {
      params: { id: gw.elevatorId, meterGatewayCode: code },
      query: { period: 1 },
    });
    const enText = pdfText(Buffer.from(await en.blob.arrayBuffer()), `meter-en-${dialect}.pdf`);
    expect(enText).toContain('Elevator electricity report');
    expect(enText).toContain('一号客梯');
    expect(enText).toMatch(new RegExp(`Total \\(kWh\\)\\s+${single.row.total.toFixed(1)}`));
    expect(enText).toMatch(/Meter resets\s+1/);

    const zh = await s.login('admin', undefined, 'zh-CN');
    const file = await zh.call(downloadElectricityMetersReportPdf, {
      query: { period: 1, gwSns: code, name: '商场电表月报' },
    });
    const zhText = pdfText(Buffer.from(await file.blob.arrayBuffer()), `meters-zh-${dialect}.pdf`);
    expect(zhText).toContain('商场电表月报');
    expect(zhText).toContain('按电表');
    expect(zhText).toContain('海港商场');
    expect(zhText).toContain(code);
    // the page renders (a picture of it beside the PDF, to look at)
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-singlefile',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, `meters-zh-${dialect}.pdf`),
      join(dir, `meters-zh-${dialect}`),
    ]);
    expect(statSync(join(dir, `meters-zh-${dialect}.png`)).size).toBeGreaterThan(1_000);
  });

  it('keeps another tenant and a user without 856 out', async () => {
    const coastal = await s.login('coastaladmin');
    const stats = await coastal.call(getElectricityStatistics, { query: { period: 2 } });
    expect(stats.rows).toEqual([]);
    const hidden = await failure(
      coastal.call(getElectricityMeterReport, {
        params: { id: gw.elevatorId, meterGatewayCode: code },
        query: { period: 1 },
      }),
    );
    expect(hidden.status).toBe(404);
    const multi = await coastal.call(getElectricityMetersReport, { query: { period: 2, gwSns: code } });
    expect(multi.rows).toEqual([]);
    const general = await s.login('general');
    expect((await failure(general.call(getElectricityStatistics, { query: { period: 1 } }))).status).toBe(403);
  });

  it('refuses a bad meter code and period naming the field and the rule', async () => {
    const token = tokenOf(admin);
    const bad = await s.fetch('reports/electricityMeters?period=1&gwSns=a%20b', { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('gwSns');
    expect(JSON.stringify(bad.body)).toContain('validation.invalid');
    const period = await s.fetch('statistics/electricity?period=9', { token, language: 'zh-CN' });
    expect(period.status).toBe(400);
    expect(JSON.stringify(period.body)).toContain('period');
  });

  // last: its reading moves the meter's latest report on
  it('marks a meter gateway offline once its readings stop for an hour, and online at its next reading', async () => {
    const online = async () => (await admin.entities.meterGateway.list({ code })).records[0]!.online;
    const quiet = await s.app.jobs.runNow(GATEWAY_OFFLINE_JOB, now + METER_OFFLINE_AFTER_MS - 60_000);
    expect(quiet.outcome).toBe('ok');
    expect(await online()).toBe(true);
    const silent = await s.app.jobs.runNow(GATEWAY_OFFLINE_JOB, now + METER_OFFLINE_AFTER_MS + 60_000);
    expect(silent.outcome).toBe('ok');
    expect(await online()).toBe(false);
    await publishQos1(
      conn,
      upTopic(gw.dtu, 'meter'),
      JSON.stringify({ id: 'm-back', ts: Date.now() + 1_000, gwSn: code, dbNo: '01', kwh: 1200, voltage: 380 }),
    );
    await expect.poll(online).toBe(true);
  });
});
