import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createReportShareLink,
  downloadElevatorChartPdf,
  downloadElevatorsReportPdf,
  downloadSharedReportPdf,
  getElevatorsReport,
  getSharedFaultReport,
  getSharedMonitorReport,
  type LiftCloudClient,
  type SharedReportLink,
} from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromStore, ShareLinkSigner } from '../../packages/server/src/services/share-links.js';
import { failure } from '../support/errors.js';
import { insertAlarm, insertFault, ownerOf } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const dir = mkdtempSync(join(tmpdir(), 'liftcloud-report-sets-'));
const pdfText = (bytes: Buffer, name: string) => {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const bytesOf = async (file: { blob: Blob }) => Buffer.from(await file.blob.arrayBuffer());
/** The query of a minted path, as the console's page reads it from its address. */
const linkOf = (path: string): SharedReportLink =>
  Object.fromEntries(new URL(path, 'http://x').searchParams.entries()) as SharedReportLink;

describe.each(DIALECTS)('several elevators, charts and signed public reports on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let zh: LiftCloudClient;
  let a: number;
  let b: number;
  /** Faults and alarms seeded per lift this month: the expected counts, kept apart from any query. */
  const seeded = { a: { faults: 3, alarms: 2 }, b: { faults: 1, alarms: 0 } };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    zh = await s.login('admin', undefined, 'zh-CN');
    const unit = await admin.entities.useUnit.save({
      name: '滨江花园',
      region: 'Shanghai',
      longitude: 121.5,
      latitude: 31.2,
      owner: 'Owner',
    });
    const lift = async (name: string, no: string) =>
      (
        await admin.entities.elevator.save({
          name,
          no,
          factoryNo: `${no}-${dialect}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId: unit.id,
        })
      ).id;
    a = await lift('东区一号梯', 'MR-A');
    b = await lift('West lift 2', 'MR-B');
    const now = Date.now();
    // a minute apart, all in the last hour: this month in any zone unless the month turned within the hour
    const ownerA = await ownerOf(s, a);
    for (let i = 0; i < seeded.a.faults; i++) await insertFault(s, ownerA, now - (i + 1) * 60_000);
    for (let i = 0; i < seeded.a.alarms; i++) await insertAlarm(s, ownerA, now - (i + 1) * 60_000, i === 0 ? 1 : 2);
    await insertFault(s, await ownerOf(s, b), now - 30_000);
  });
  afterAll(async () => s?.close());

  it('/multiElevatorReport: one row per elevator named, totals and months, as data and as PDF', async () => {
    const report = await admin.call(getElevatorsReport, {
      query: { ids: `${a},${b}`, period: 1, name: '月度报告' },
    });
    expect(report.name).toBe('月度报告');
    expect(report.rows.map((r) => [r.id, r.faults, r.alarms])).toEqual([
      [a, seeded.a.faults, seeded.a.alarms],
      [b, seeded.b.faults, seeded.b.alarms],
    ]);
    expect(report.totals.faults).toBe(seeded.a.faults + seeded.b.faults);
    expect(report.months.reduce((n, m) => n + m.faults, 0)).toBe(seeded.a.faults + seeded.b.faults);

    const en = pdfText(
      await bytesOf(await admin.call(downloadElevatorsReportPdf, { query: { ids: `${a},${b}`, period: 2 } })),
      `multi-en-${dialect}.pdf`,
    );
    expect(en).toContain('Elevators report');
    expect(en).toContain('东区一号梯');
    expect(en).toMatch(/West lift 2\s+1\s+0/);
    expect(en).toMatch(/Total\s+4\s+2\s+1/);
    const zhFile = await zh.call(downloadElevatorsReportPdf, {
      query: { ids: `${a},${b}`, period: 1, name: '月度报告' },
    });
    expect(zhFile.fileName).toMatch(/^elevators-\d{4}-\d\d-\d\d\.pdf$/);
    const zhText = pdfText(await bytesOf(zhFile), `multi-zh-${dialect}.pdf`);
    expect(zhText).toContain('月度报告');
    expect(zhText).toContain('多梯运行报告');
    expect(zhText).toMatch(/东区一号梯\s+3\s+2\s+1/);
    expect(zhText).toMatch(/合计\s+4\s+2\s+1/);
  });

  it('refuses an elevator the caller cannot see, and names the field of a malformed list', async () => {
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.call(getElevatorsReport, { query: { ids: `${a}`, period: 1 } }))).status).toBe(404);
    // one visible lift beside one of another tenant: still refused, nothing counted
    const theirs = (
      await coastal.entities.elevator.save({
        name: 'Coastal 1',
        factoryNo: `CO-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
      })
    ).id;
    expect((await coastal.call(getElevatorsReport, { query: { ids: `${theirs}`, period: 1 } })).rows).toHaveLength(1);
    expect(
      (await failure(admin.call(getElevatorsReport, { query: { ids: `${a},${theirs}`, period: 1 } }))).status,
    ).toBe(404);
    const bad = await failure(zh.call(getElevatorsReport, { query: { ids: `${a};1`, period: 1 } }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('电梯');
    const engineer = await s.login('companyuser');
    expect((await failure(engineer.call(getElevatorsReport, { query: { ids: `${a}`, period: 1 } }))).status).toBe(403);
  });

  it('/echartReport: one series by month as a PDF, with its numbers', async () => {
    const file = await admin.call(downloadElevatorChartPdf, {
      params: { id: a, type: 'faults' },
      query: { period: 1 },
    });
    const text = pdfText(await bytesOf(file), `chart-en-${dialect}.pdf`);
    expect(text).toContain('Elevator chart');
    expect(text).toMatch(/\d{4}-\d\d\s+3/);
    const zhText = pdfText(
      await bytesOf(
        await zh.call(downloadElevatorChartPdf, { params: { id: a, type: 'alarms' }, query: { period: 1 } }),
      ),
      `chart-zh-${dialect}.pdf`,
    );
    expect(zhText).toContain('电梯图表报告');
    expect(zhText).toContain('报警');
    const bad = await failure(
      admin.call(downloadElevatorChartPdf, { params: { id: a, type: 'x' as 'faults' }, query: { period: 1 } }),
    );
    expect(bad.status).toBe(400);
  });

  it('/monitorReport and /pdf: a signed link opens one lift’s report and recent events without a login', async () => {
    const minted = await admin.call(createReportShareLink, { body: { kind: 'monitor', ids: String(a), period: 1 } });
    expect(minted.path).toMatch(new RegExp(`^/monitorReport/${a}\\?`));
    expect(minted.pdfPath).toMatch(/^\/pdf\?kind=monitor&/);
    const anon = s.anonymous('en-US');
    const report = await anon.call(getSharedMonitorReport, { query: linkOf(minted.path) });
    expect(report.report.elevator.name).toBe('东区一号梯');
    expect(report.report.figures.faults).toBe(seeded.a.faults);
    expect(report.recent).toHaveLength(seeded.a.faults + seeded.a.alarms);
    expect(report.recent.filter((e) => e.kind === 'fault').map((e) => e.code)).toEqual(['E35', 'E35', 'E35']);

    const pdf = await anon.call(downloadSharedReportPdf, { query: linkOf(minted.pdfPath) });
    const text = pdfText(await bytesOf(pdf), `monitor-en-${dialect}.pdf`);
    expect(text).toContain('Elevator monitoring report');
    expect(text).toContain('Recent events');
    expect(text).toContain('Fault E35');
    expect(text).toContain('Link valid until');
    const zhText = pdfText(
      await bytesOf(await s.anonymous('zh-CN').call(downloadSharedReportPdf, { query: linkOf(minted.pdfPath) })),
      `monitor-zh-${dialect}.pdf`,
    );
    expect(zhText).toContain('电梯监测报告');
    expect(zhText).toContain('滨江花园');
    expect(zhText).toContain('最近事件');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, `monitor-zh-${dialect}.pdf`),
      join(dir, `monitor-zh-${dialect}`),
    ]);
    const png = join(dir, `monitor-zh-${dialect}-1.png`);
    expect(existsSync(png)).toBe(true);
    expect(statSync(png).size).toBeGreaterThan(5_000);
  });

  it('/genGzReport: a signed link opens the faults of the lifts it names, counted and listed', async () => {
    const minted = await admin.call(createReportShareLink, {
      body: { kind: 'faults', ids: `${a},${b}`, period: 3, name: '故障月报' },
    });
    expect(minted.path).toMatch(/^\/genGzReport\?/);
    const report = await s.anonymous('en-US').call(getSharedFaultReport, { query: linkOf(minted.path) });
    expect(report.name).toBe('故障月报');
    expect(report.faults).toHaveLength(seeded.a.faults + seeded.b.faults);
    expect(report.faults[0]!.elevatorName).toBe('West lift 2'); // newest first
    expect(report.notListed).toBe(0);
    const text = pdfText(
      await bytesOf(await s.anonymous('zh-CN').call(downloadSharedReportPdf, { query: linkOf(minted.pdfPath) })),
      `faults-zh-${dialect}.pdf`,
    );
    expect(text).toContain('故障月报');
    expect(text).toContain('电梯故障报告');
    expect(text).toMatch(/东区一号梯\s+3\s+2\s+1/);
    expect(text.match(/E35/g)).toHaveLength(4);
    const en = pdfText(
      await bytesOf(await s.anonymous('en-US').call(downloadSharedReportPdf, { query: linkOf(minted.pdfPath) })),
      `faults-en-${dialect}.pdf`,
    );
    expect(en).toContain('Elevator fault report');
    expect(en).toContain('Fault records');
  });

  it('a link altered in any part, of another kind, expired or unsigned opens nothing (the same 404)', async () => {
    const minted = await admin.call(createReportShareLink, { body: { kind: 'faults', ids: `${a}`, period: 1 } });
    const good = linkOf(minted.path);
    const anon = s.anonymous('en-US');
    const refused = async (q: SharedReportLink, op = getSharedFaultReport) => {
      const err = await failure(anon.call(op, { query: q }));
      expect(err.status).toBe(404);
      expect(err.key).toBe('shareLink.invalid');
    };
    await anon.call(getSharedFaultReport, { query: good }); // the genuine link works
    await refused({ ...good, ids: `${a},${b}` }); // a lift added
    await refused({ ...good, p: '3' }); // a longer period
    await refused({ ...good, t: String(Number(good.t) + 1) }); // another tenant
    await refused({ ...good, name: 'x' });
    await refused({ ...good, exp: String(Number(good.exp) + 1) });
    await refused({ ...good, sig: `${good.sig!.slice(0, -1)}${good.sig!.endsWith('A') ? 'B' : 'A'}` });
    await refused({ ...good, sig: undefined });
    await refused({ ...good, ids: 'a' });
    await refused(good, getSharedMonitorReport); // a faults link is no monitor link
    await refused({ ...good, kind: 'monitor' }, downloadSharedReportPdf);
    // expired: the server's own key and signing code, for an expiry a second in the past (and, as a control,
    // for one in the future, which opens)
    const signer = new ShareLinkSigner(await keyFromStore(s.store));
    const signed = (exp: number) => {
      const parts = ['faults', good.t!, good.ids!, good.p!, ''];
      return { ...good, exp: String(exp), sig: signer.signParts('report', parts, exp) };
    };
    const nowS = Math.floor(Date.now() / 1000);
    expect((await anon.call(getSharedFaultReport, { query: signed(nowS + 600) })).faults).toHaveLength(seeded.a.faults);
    await refused(signed(nowS - 1));
  });

  it('mints only for lifts the caller sees, one lift per monitor link, with 851', async () => {
    const coastal = await s.login('coastaladmin');
    const other = await failure(
      coastal.call(createReportShareLink, { body: { kind: 'faults', ids: `${a}`, period: 1 } }),
    );
    expect(other.status).toBe(404);
    const two = await failure(
      zh.call(createReportShareLink, { body: { kind: 'monitor', ids: `${a},${b}`, period: 1 } }),
    );
    expect(two.status).toBe(400);
    expect(two.message).toContain('电梯');
    const engineer = await s.login('companyuser');
    expect(
      (await failure(engineer.call(createReportShareLink, { body: { kind: 'faults', ids: `${a}`, period: 1 } })))
        .status,
    ).toBe(403);
  });
});
