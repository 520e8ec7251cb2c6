import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadElevatorReportPdf, getElevatorReport, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { insertAlarm, insertFault, ownerOf } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const dir = mkdtempSync(join(tmpdir(), 'liftcloud-reports-'));
const pdfText = (bytes: Buffer, name: string) => {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  // poppler-utils' pdftotext: the text a reader (or a search) gets back from the file
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe.each(DIALECTS)('elevator reports as PDF on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let liftId: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    const unit = await admin.entities.useUnit.save({
      name: '海港商场',
      region: 'Shanghai',
      longitude: 121.5,
      latitude: 31.2,
      owner: 'Owner',
    });
    liftId = (
      await admin.entities.elevator.save({
        name: '一号客梯',
        no: 'RP-01',
        factoryNo: `RP-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
        useUnitId: unit.id,
      })
    ).id;
    const owner = await ownerOf(s, liftId);
    const now = Date.now();
    await insertFault(s, owner, now - 60_000);
    await insertFault(s, owner, now - 120_000);
    await insertAlarm(s, owner, now - 60_000, 1);
  });
  afterAll(async () => s?.close());

  it('answers the report’s figures as data', async () => {
    const report = await admin.call(getElevatorReport, { params: { id: liftId }, query: { period: 1 } });
    expect(report.elevator).toMatchObject({ id: liftId, name: '一号客梯', no: 'RP-01', useUnit: '海港商场' });
    expect(report.figures).toMatchObject({ faults: 2, alarms: 1, trapped: 1 });
    expect(report.months).toHaveLength(1);
  });

  it('is a real PDF in the reader’s language, Chinese text included, with the figures', async () => {
    const en = await admin.call(downloadElevatorReportPdf, { params: { id: liftId }, query: { period: 2 } });
    const enBytes = Buffer.from(await en.blob.arrayBuffer());
    expect(enBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const enText = pdfText(enBytes, `en-${dialect}.pdf`);
    expect(enText).toContain('Elevator report');
    expect(enText).toContain('一号客梯'); // the lift's Chinese name, in the embedded CJK font
    expect(enText).toMatch(/Faults\s+2/);
    expect(enText).toMatch(/Trapped\s+1/);

    const zh = await s.login('admin', undefined, 'zh-CN');
    const file = await zh.call(downloadElevatorReportPdf, { params: { id: liftId }, query: { period: 1 } });
    expect(file.fileName).toMatch(/^elevator-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const zhBytes = Buffer.from(await file.blob.arrayBuffer());
    const zhText = pdfText(zhBytes, `zh-${dialect}.pdf`);
    expect(zhText).toContain('电梯运行报告');
    expect(zhText).toContain('海港商场');
    expect(zhText).toMatch(/故障\s+2/);
    expect(zhText).toMatch(/困人\s+1/);
    // and it renders: the first page as a PNG (looked at by eye in development)
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, `zh-${dialect}.pdf`),
      join(dir, `zh-${dialect}`),
    ]);
    const png = join(dir, `zh-${dialect}-1.png`);
    expect(existsSync(png)).toBe(true);
    expect(statSync(png).size).toBeGreaterThan(5_000);
  });

  it('another tenant gets 404 and a user without 851 gets 403', async () => {
    const coastal = await s.login('coastaladmin');
    const theirs = await failure(
      coastal.call(downloadElevatorReportPdf, { params: { id: liftId }, query: { period: 1 } }),
    );
    expect(theirs.status).toBe(404);
    const engineer = await s.login('companyuser');
    expect(
      (await failure(engineer.call(getElevatorReport, { params: { id: liftId }, query: { period: 1 } }))).status,
    ).toBe(403);
  });
});
