import { ApiError, addDays, todayIn, voidContract, type Contract, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coveringContract } from '../../packages/server/src/services/contracts.js';
import { failure } from '../support/errors.js';
import * as sample from '../support/files.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

describe.each(DIALECTS)('contracts on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let useUnitId: number;
  let liftA: number;
  let liftB: number;
  // far from the boundaries, so the client's and the server's idea of today may differ by a day
  const today = todayIn('Asia/Shanghai');
  let n = 0;
  const no = () => `HT-${dialect}-${++n}`;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    useUnitId = (await admin.entities.useUnit.list({ name: 'Harbour Mall' })).records[0]!.id;
    const lift = async (name: string) =>
      (await admin.entities.elevator.save({ name, factoryNo: `${name}-${dialect}`, elevatorType: 1, useStatus: 1 })).id;
    liftA = await lift('Contract lift A');
    liftB = await lift('Contract lift B');
  });
  afterAll(async () => s?.close());

  const create = (body: Partial<Contract> & { startDate: string; endDate: string }, client = admin) =>
    client.entities.contract.save({ contractNo: no(), siteName: 'Harbour Mall', ...body });

  it('keeps every field of domain.md §3 and the covered elevators, and derives the expiry status', async () => {
    const saved = await create({
      source: 2,
      useUnitId,
      maintenanceCompanyId: s.demo.companies.maintenance,
      elevatorIds: [liftB, liftA],
      startDate: addDays(today, -300),
      endDate: addDays(today, 100),
      price: 36000,
      packagingForm: 1,
      paymentMethod: 2,
      monthlyUnitPrice: 3000,
      agencyFee: 500.5,
      subcontract: true,
      freePartsQuota: 2000,
      inspectionUndertaker: 1,
      speedLimiterTestFee: 300,
      brakeTestFee: 450,
      note: 'Two lifts of tower 1',
    });
    expect(saved).toMatchObject({
      source: 2,
      useUnitName: 'Harbour Mall',
      maintenanceCompanyName: 'Swift Lift Maintenance',
      elevatorIds: [liftA, liftB].sort((a, b) => a - b),
      price: 36000,
      agencyFee: 500.5,
      subcontract: true,
      inspectionUndertaker: 1,
      brakeTestFee: 450,
      state: 1,
      isOverdue: 1,
      voidReason: null,
    });
    // derived, never typed in: a body naming it is refused
    const typed = await failure(create({ startDate: today, endDate: addDays(today, 5), isOverdue: 3 } as never));
    expect(typed.status).toBe(400);
  });

  it('the end date must be after the start date, on create and on a patch, in the caller’s language', async () => {
    const same = await failure(create({ startDate: addDays(today, 1), endDate: addDays(today, 1) }));
    expect(same.status).toBe(400);
    expect(same.message).toBe('End date: the end date must be after the start date');
    const zh = await s.login('admin', undefined, 'zh-CN');
    const before = await failure(create({ startDate: addDays(today, 1), endDate: today }, zh));
    expect(before.message).toBe('结束日期：结束日期必须晚于开始日期');
    const kept = await create({ startDate: addDays(today, -10), endDate: addDays(today, 200) });
    const patch = await failure(admin.entities.contract.save({ id: kept.id, endDate: addDays(today, -20) }));
    expect(patch.status).toBe(400);
    expect(patch.message).toBe('End date: the end date must be after the start date');
  });

  it('lists the expiring contracts for the console notice (isOverdue=2) with contractNo and useUnitName', async () => {
    const expiring = await create({ useUnitId, startDate: addDays(today, -200), endDate: addDays(today, 10) });
    const expired = await create({ startDate: addDays(today, -200), endDate: addDays(today, -10) });
    const future = await create({ startDate: addDays(today, 10), endDate: addDays(today, 400) });
    expect((await admin.entities.contract.get(expired.id)).isOverdue).toBe(3);
    expect((await admin.entities.contract.get(future.id)).isOverdue).toBe(0);
    const notice = await admin.crud('contract').list({ isOverdue: 2 });
    const ids = notice.records.map((r) => (r as Contract).id);
    expect(ids).toContain(expiring.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(future.id);
    expect(notice.records.find((r) => (r as Contract).id === expiring.id)).toMatchObject({
      contractNo: expiring.contractNo,
      useUnitName: 'Harbour Mall',
      isOverdue: 2,
    });
    const expiredOnly = (await admin.entities.contract.list({ isOverdue: 3 })).records.map((r) => r.id);
    expect(expiredOnly).toContain(expired.id);
    expect(expiredOnly).not.toContain(expiring.id);
  });

  it('covers an elevator with at most one valid contract on any day; a voided one covers nothing', async () => {
    const first = await create({ elevatorIds: [liftA], startDate: addDays(today, 500), endDate: addDays(today, 700) });
    const clash = await failure(
      create({ elevatorIds: [liftB, liftA], startDate: addDays(today, 650), endDate: addDays(today, 900) }),
    );
    expect(clash.status).toBe(409);
    expect(clash.message).toBe(
      `Covered elevators: elevator Contract lift A is already covered by contract ${first.contractNo} in these dates`,
    );
    // the maintenance side's question: which valid contract covers this lift on that day
    const covering = (day: string) => coveringContract(s.store.db, s.demo.tenants.demo, liftA, day);
    expect(await covering(addDays(today, 600))).toMatchObject({ id: first.id, contractNo: first.contractNo });
    expect(await covering(addDays(today, 701))).toBeUndefined();
    // the day after it ends is free
    const next = await create({ elevatorIds: [liftA], startDate: addDays(today, 701), endDate: addDays(today, 800) });
    // stretching the first over the next is the same clash
    expect((await failure(admin.entities.contract.save({ id: first.id, endDate: addDays(today, 750) }))).status).toBe(
      409,
    );
    await admin.call(voidContract, { params: { id: next.id }, body: { reason: 'Signed twice' } });
    const stretched = await admin.entities.contract.save({ id: first.id, endDate: addDays(today, 750) });
    expect(stretched.endDate).toBe(addDays(today, 750));
    expect((await covering(addDays(today, 740)))?.id).toBe(first.id);
  });

  it('voids a contract for good: no recovery, no change, no expiry notice, no file added or removed', async () => {
    const c = await create({ startDate: addDays(today, -200), endDate: addDays(today, 5) });
    const kept = await admin.attachments.upload('contract', c.id, blob(sample.docx()), { fileName: 'a.docx' });
    const noReason = await failure(admin.call(voidContract, { params: { id: c.id }, body: { reason: '' } }));
    expect(noReason.status).toBe(400);
    const stale = await failure(
      admin.call(voidContract, { params: { id: c.id }, body: { reason: 'x', revision: c.revision - 1 } }),
    );
    expect(stale.status).toBe(409);
    const voided = await admin.call(voidContract, {
      params: { id: c.id },
      body: { reason: 'Customer left', revision: c.revision },
    });
    expect(voided).toMatchObject({ state: 2, voidReason: 'Customer left', voidedBy: 'Demo Administrator' });
    expect(voided.isOverdue).toBeNull();
    expect(voided.voidTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await failure(admin.call(voidContract, { params: { id: c.id }, body: { reason: 'again' } }));
    expect(again.status).toBe(409);
    expect(again.message).toBe('This contract is voided: a voided contract cannot be changed or recovered');
    expect((await failure(admin.entities.contract.save({ id: c.id, note: 'edit' }))).status).toBe(409);
    const notice = (await admin.entities.contract.list({ isOverdue: 2 })).records.map((r) => r.id);
    expect(notice).not.toContain(c.id);
    expect((await admin.entities.contract.get(c.id)).state).toBe(2);
    const upload = await failure(
      admin.attachments.upload('contract', c.id, blob(sample.docx()), { fileName: 'b.docx' }),
    );
    expect(upload.status).toBe(409);
    expect(upload.message).toBe('This contract is voided: a voided contract cannot be changed or recovered');
    expect((await failure(admin.attachments.remove('contract', c.id, kept.id))).status).toBe(409);
    expect((await admin.attachments.list('contract', c.id)).map((f) => f.id)).toEqual([kept.id]);
  });

  it('a patch carrying an old revision is refused (error.stale)', async () => {
    const c = await create({ startDate: addDays(today, -1), endDate: addDays(today, 300) });
    await admin.entities.contract.save({ id: c.id, revision: c.revision, note: 'first' });
    const stale = await failure(admin.entities.contract.save({ id: c.id, revision: c.revision, note: 'second' }));
    expect(stale.status).toBe(409);
  });

  describe('appendix attachments', () => {
    let c: Contract;
    beforeAll(async () => {
      c = await create({ startDate: addDays(today, -1), endDate: addDays(today, 300) });
    });
    const attach = (name: string, bytes: Buffer, client = admin, id = c.id) =>
      client.attachments.upload('contract', id, blob(bytes), { fileName: name });

    it('takes jpg, png, bmp, jpeg, xlsx, xls, docx and doc by content; lists name, time and uploader', async () => {
      const files: [string, Buffer][] = [
        ['scan.jpg', sample.jpg()],
        ['scan.jpeg', sample.jpg()],
        ['plan.png', sample.png()],
        ['old.bmp', sample.bmp()],
        ['prices.xlsx', sample.xlsx()],
        ['prices.xls', sample.xls()],
        ['terms.docx', sample.docx()],
        ['terms.doc', sample.doc()],
      ];
      for (const [name, bytes] of files) {
        const kept = await attach(name, bytes);
        const { blob: back } = await admin.files.download(kept.id);
        expect(sample.sha256(Buffer.from(await back.arrayBuffer()))).toBe(sample.sha256(bytes));
      }
      const listed = await admin.attachments.list('contract', c.id);
      expect(listed.map((f) => f.name).sort()).toEqual(files.map(([name]) => name).sort());
      expect(listed[0]).toMatchObject({ uploaderName: 'Demo Administrator' });
      expect(listed[0]!.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it('refuses an 11 MB file, an executable named .docx, a renamed file and a pdf', async () => {
      const big = await failure(attach('big.jpg', sample.jpg(11 * 1024 * 1024)));
      expect(big.status).toBe(413);
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0x41)]);
      const fake = await failure(attach('terms.docx', exe));
      expect(fake.status).toBe(400);
      expect(fake.message).toBe('File: only jpg, png, bmp, jpeg, xlsx, xls, docx, doc files are accepted');
      expect((await failure(attach('photo.docx', sample.png()))).status).toBe(400);
      expect((await failure(attach('report.pdf', sample.pdf()))).status).toBe(400);
      expect((await admin.attachments.list('contract', c.id)).map((f) => f.name)).not.toContain('big.jpg');
    });

    it('another tenant gets 404 for the contract, its list and its file', async () => {
      const kept = await attach('secret.png', sample.png());
      const coastal = await s.login('coastaladmin');
      expect((await failure(coastal.entities.contract.get(c.id))).status).toBe(404);
      expect((await failure(coastal.attachments.list('contract', c.id))).status).toBe(404);
      expect((await failure(coastal.files.download(kept.id))).status).toBe(404);
      expect((await failure(attach('push.png', sample.png(), coastal))).status).toBe(404);
      expect((await coastal.entities.contract.list()).records.map((r) => r.id)).not.toContain(c.id);
    });
  });

  it('a user without 820 is refused; a branch sees only the contracts of its company', async () => {
    const general = await s.login('general');
    expect((await failure(general.entities.contract.list())).status).toBe(403);
    const hidden = await create({ startDate: addDays(today, -1), endDate: addDays(today, 300) });
    const theirs = await create({
      maintenanceCompanyId: s.demo.companies.maintenanceNorth,
      startDate: addDays(today, -1),
      endDate: addDays(today, 300),
    });
    const north = await s.login('companyuser');
    const seen = (await north.entities.contract.list({ pageSize: 200 })).records.map((r) => r.id);
    expect(seen).toContain(theirs.id);
    expect(seen).not.toContain(hidden.id);
    const err = await failure(north.entities.contract.get(hidden.id));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(404);
    expect((await failure(north.attachments.list('contract', hidden.id))).status).toBe(404);
  });

  it('a contract’s files download for those who may see it and for nobody else in the tenant either', async () => {
    const hidden = await create({ startDate: addDays(today, -1), endDate: addDays(today, 300) });
    const theirs = await create({
      maintenanceCompanyId: s.demo.companies.maintenanceNorth,
      startDate: addDays(today, -1),
      endDate: addDays(today, 300),
    });
    const upload = (id: number, name: string) =>
      admin.attachments.upload('contract', id, blob(sample.docx()), { fileName: name });
    const hiddenFile = await upload(hidden.id, 'hidden.docx');
    const theirFile = await upload(theirs.id, 'theirs.docx');
    // the branch's maintenance company sees its contract, so its file; the other contract's file is not there
    const north = await s.login('companyuser');
    const { blob: got } = await north.files.download(theirFile.id);
    expect(sample.sha256(Buffer.from(await got.arrayBuffer()))).toBe(sample.sha256(sample.docx()));
    expect((await failure(north.files.download(hiddenFile.id))).status).toBe(404);
    // a user of the tenant without 820 (contracts) gets neither, though the records are in its tenant
    const general = await s.login('general');
    expect((await failure(general.files.download(hiddenFile.id))).status).toBe(404);
    expect((await failure(general.files.download(theirFile.id))).status).toBe(404);
    // nor does the branch add files to a contract it cannot see
    const pushed = await failure(
      north.attachments.upload('contract', hidden.id, blob(sample.png()), { fileName: 'push.png' }),
    );
    expect(pushed.status).toBe(404);
  });
});
