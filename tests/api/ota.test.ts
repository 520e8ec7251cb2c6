import {
  ApiError,
  applyOta,
  approveOtaApplication,
  formatDateTime,
  LIVE_FRAME_TYPE,
  rejectOtaApplication,
  startOtaBurn,
  uploadOtaProgramFile,
  type LiftCloudClient,
} from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { failure } from '../support/errors.js';
import * as sample from '../support/files.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const firmwareForm = (bytes: Buffer, name = 'fw.bin') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
};

describe.each(DIALECTS)('OTA programs, applications and quotas on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let n = 0;
  let dtuSeq = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
  });
  afterAll(async () => s?.close());

  /** A program with its firmware, owned by the manufacturer. */
  async function program(count: number, client = admin) {
    const p = await client.entities.otaProgram.save({
      programName: `Controller ${dialect}`,
      version: `1.${++n}`,
      count,
      isEffective: 1,
      ownedCompanyId: s.demo.companies.manufacturer,
    });
    const bytes = Buffer.from(`firmware ${dialect} ${n} `.repeat(500));
    const kept = await client.call(uploadOtaProgramFile, { params: { id: p.id }, body: firmwareForm(bytes) });
    return { ...kept, bytes };
  }
  const apply = (programId: number, applyNumber: number, client = admin) =>
    client.call(applyOta, { body: { programId, applyNumber } });
  const approve = (id: number, client = admin, endTime?: string) =>
    client.call(approveOtaApplication, { params: { id }, body: endTime ? { endTime } : {} });
  async function gateways(count: number): Promise<string[]> {
    const dtus: string[] = [];
    for (let i = 0; i < count; i++) {
      const dtu = `7${dialect === 'sqlite' ? 1 : 2}${String(++dtuSeq).padStart(9, '0')}`;
      await admin.entities.gatewayDevice.save({ dtuCode: dtu });
      dtus.push(dtu);
    }
    return dtus;
  }

  it('keeps the firmware once with its SHA-256 and MD5; a second file is refused; the count is fixed', async () => {
    const p = await program(5);
    expect(p).toMatchObject({
      count: 5,
      remainingNumber: 5,
      applyNumber: 0,
      burningTimes: 0,
      isEffective: 1,
      ownedCompanyName: 'Sunrise Elevator Manufacturing',
      sha256: sample.sha256(p.bytes),
      md5: sample.md5(p.bytes),
      fileSize: p.bytes.length,
      fileName: 'fw.bin',
    });
    const again = await failure(
      admin.call(uploadOtaProgramFile, { params: { id: p.id }, body: firmwareForm(Buffer.from('other bytes')) }),
    );
    expect(again.status).toBe(409);
    expect((await admin.entities.otaProgram.get(p.id)).sha256).toBe(sample.sha256(p.bytes));
    const recount = await failure(admin.entities.otaProgram.save({ id: p.id, count: 50 }));
    expect(recount.status).toBe(409);
    expect(recount.message).toContain('Count:');
    const dup = await failure(
      admin.entities.otaProgram.save({
        programName: p.programName,
        version: p.version,
        count: 1,
        isEffective: 1,
        ownedCompanyId: s.demo.companies.manufacturer,
      }),
    );
    expect(dup.status).toBe(409);
    // the bytes come back through the file route, as uploaded
    const file = await s.fetch(p.fileUrl!.replace(/^\/api\//, ''), { token: admin.session.get()?.token });
    expect(file.status).toBe(200);
  });

  it('applies within the remaining count, approves (who and when), rejects with a reason; each decision once', async () => {
    const p = await program(10);
    const over = await failure(apply(p.id, 11));
    expect(over.status).toBe(400);
    expect(over.message).toBe('Applied count: cannot exceed the remaining count (10)');
    const zero = await failure(admin.call(applyOta, { body: { programId: p.id, applyNumber: 0 } }));
    expect(zero.status).toBe(400);
    const a = await apply(p.id, 6);
    expect(a).toMatchObject({
      approvalStatus: 1,
      applicantAccount: 'admin',
      applyNumber: 6,
      programName: p.programName,
    });
    expect(a.applicationTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const approved = await approve(a.id);
    expect(approved).toMatchObject({ approvalStatus: 2, approverAccount: 'admin', approverName: 'Demo Administrator' });
    expect(approved.endTime).not.toBeNull();
    expect(await admin.entities.otaProgram.get(p.id)).toMatchObject({ remainingNumber: 4, applyNumber: 6 });
    const twice = await failure(approve(a.id));
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('This application is Approved: it cannot be approved now');
    const rejectApproved = await failure(
      admin.call(rejectOtaApplication, { params: { id: a.id }, body: { reason: 'late' } }),
    );
    expect(rejectApproved.status).toBe(409);
    // a reason is required to reject
    const b = await apply(p.id, 4);
    const noReason = await failure(admin.call(rejectOtaApplication, { params: { id: b.id }, body: { reason: '' } }));
    expect(noReason.status).toBe(400);
    expect(noReason.message).toContain('Reject reason');
    const rejected = await admin.call(rejectOtaApplication, {
      params: { id: b.id },
      body: { reason: 'Not this site' },
    });
    expect(rejected).toMatchObject({
      approvalStatus: 3,
      rejectPeople: 'Demo Administrator',
      rejectReason: 'Not this site',
    });
    expect(rejected.rejectTime).not.toBeNull();
    expect((await admin.entities.otaProgram.get(p.id)).remainingNumber).toBe(4);
    // an application the remaining count no longer covers cannot be approved: nothing is written
    const c = await apply(p.id, 4);
    const d = await apply(p.id, 4);
    await approve(c.id);
    const uncovered = await failure(approve(d.id));
    expect(uncovered.status).toBe(409);
    expect((await admin.entities.otaApplication.get(d.id)).approvalStatus).toBe(1);
    expect((await admin.entities.otaProgram.get(p.id)).remainingNumber).toBe(0);
    // in the caller's language
    const zh = await s.login('admin', undefined, 'zh-CN');
    expect((await failure(apply(p.id, 1, zh))).message).toBe('申请数量：不能超过剩余数量（0）');
  });

  it('a locked program is neither applied for, approved nor burned', async () => {
    const p = await program(5);
    const a = await apply(p.id, 2);
    await admin.entities.otaProgram.save({ id: p.id, isEffective: 0 });
    expect((await failure(apply(p.id, 1))).status).toBe(409);
    const locked = await failure(approve(a.id));
    expect(locked.status).toBe(409);
    expect(locked.message).toBe('This OTA program is locked: it cannot be applied for or burned');
    const [dtu] = await gateways(1);
    expect((await failure(admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [dtu!] } }))).status).toBe(
      409,
    );
  });

  it('a program once applied for is not deleted (its applications and burns are the record); an unused one is', async () => {
    const used = await program(3);
    const a = await apply(used.id, 1);
    const refused = await failure(admin.entities.otaProgram.remove(used.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('This record is still in use and cannot be deleted');
    expect((await admin.entities.otaApplication.get(a.id)).applicantAccount).toBe('admin');
    expect((await admin.entities.otaProgram.get(used.id)).id).toBe(used.id);
    const unused = await program(3);
    await admin.entities.otaProgram.remove(unused.id);
    expect((await failure(admin.entities.otaProgram.get(unused.id))).status).toBe(404);
  });

  it('burns only within the approved, unexpired quota; a past end time is refused', async () => {
    const p = await program(5);
    const [g1] = await gateways(1);
    const none = await failure(admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [g1!] } }));
    expect(none.status).toBe(409);
    expect(none.message).toBe(
      'DTU numbers: your company has 0 approved, unexpired burns left of this program, 1 asked',
    );
    const a = await apply(p.id, 2);
    const past = await failure(approve(a.id, admin, formatDateTime(Date.now() - 60_000, 'Asia/Shanghai')));
    expect(past.status).toBe(400);
    await approve(a.id);
    // the quota lapses at its end time: set it in the past in the store, as time passing would
    await s.store.db
      .updateTable('otaApplications')
      .set({ endTime: Date.now() - 1 })
      .where('id', '=', a.id)
      .execute();
    const expired = await failure(admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [g1!] } }));
    expect(expired.status).toBe(409);
    const unknown = await failure(admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: ['79999999999'] } }));
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('DTU numbers: gateway 79999999999 does not exist or is not yours');
  });

  it('20 burns at once against a quota of 10: exactly 10 start, the rest are refused; a success counts once', async () => {
    const p = await program(10);
    await approve((await apply(p.id, 10)).id);
    const dtus = await gateways(20);
    const results = await Promise.allSettled(
      dtus.map((dtu) => admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [dtu] } })),
    );
    const started = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as ApiError] : []));
    expect(started).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(refused.every((e) => e.status === 409)).toBe(true);
    const [app] = (await admin.entities.otaApplication.list({ programId: p.id })).records;
    expect(app).toMatchObject({ reservedNumber: 10, usedNumber: 0 });
    // the service ends each burn once: a success counts, a failure gives the burn back
    const ota = await otaServiceOf(s);
    expect(await ota.finish(started[0]!.id, true)).toBe(true);
    expect(await ota.finish(started[0]!.id, true)).toBe(false);
    expect(await ota.finish(started[1]!.id, false, 'checksum mismatch')).toBe(true);
    expect(await admin.entities.otaApplication.get(app!.id)).toMatchObject({ reservedNumber: 8, usedNumber: 1 });
    expect((await admin.entities.otaProgram.get(p.id)).burningTimes).toBe(1);
    // the failed burn's quota is free again: one more gateway may start
    const again = await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [dtus[19]!] } });
    expect(again).toHaveLength(1);
    expect(
      (await failure(admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [dtus[18]!] } }))).status,
    ).toBe(409);
  });

  it('a burn says whether its gateway is online: a waiting burn starts only once its gateway connects', async () => {
    const p = await program(2);
    await approve((await apply(p.id, 2)).id);
    const [offline, online] = await gateways(2);
    await s.store.db.updateTable('gatewayDevices').set({ dtuStatus: 1 }).where('dtuCode', '=', online!).execute();
    await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [offline!, online!] } });
    const burns = (await admin.entities.otaBurn.list({ programId: p.id })).records;
    expect(Object.fromEntries(burns.map((b) => [b.dtu, b.gatewayOnline]))).toEqual({
      [offline!]: false,
      [online!]: true,
    });
    expect(burns.every((b) => b.state === 0)).toBe(true);
  });

  it('20 approvals at once against a remaining count of 10 grant exactly 10', async () => {
    const p = await program(10);
    const apps = [];
    for (let i = 0; i < 20; i++) apps.push(await apply(p.id, 1));
    const results = await Promise.allSettled(apps.map((a) => approve(a.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await admin.entities.otaProgram.get(p.id)).toMatchObject({ remainingNumber: 0, applyNumber: 10 });
  });

  it('needs its own permissions; another tenant sees nothing; only the owner company decides', async () => {
    const p = await program(5);
    const a = await apply(p.id, 1);
    const engineer = await s.login('companyuser');
    expect((await failure(engineer.entities.otaProgram.list())).status).toBe(403);
    expect((await failure(apply(p.id, 1, engineer))).status).toBe(403);
    expect((await failure(approve(a.id, engineer))).status).toBe(403);
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.entities.otaProgram.get(p.id))).status).toBe(404);
    expect((await failure(coastal.entities.otaApplication.get(a.id))).status).toBe(404);
    expect((await failure(apply(p.id, 1, coastal))).status).toBe(404);
    expect((await failure(approve(a.id, coastal))).status).toBe(404);
    expect(
      (await failure(coastal.call(startOtaBurn, { params: { id: p.id }, body: { dtus: ['71000000001'] } }))).status,
    ).toBe(404);
    // a company user who may approve, but not for a program another company owns
    const role = await admin.entities.role.save({
      name: `OTA ${dialect}`,
      permissions: [870, 871, 872, 873],
      companyId: s.demo.companies.maintenance,
    });
    await admin.entities.user.save({
      username: `ota_${dialect}`,
      password: 'Passw0rdX',
      name: 'OTA Engineer',
      phone: '13522224444',
      userType: 2,
      roleIds: [role.id],
      maintainer: false,
      companyId: s.demo.companies.maintenance,
    });
    const other = await s.login(`ota_${dialect}`, 'Passw0rdX');
    const mine = await apply(p.id, 1, other);
    expect(mine.companyId).toBe(s.demo.companies.maintenance);
    const notOwner = await failure(approve(mine.id, other));
    expect(notOwner.status).toBe(403);
    // admin's application (root company) is not the maintenance company's to see
    expect((await failure(other.entities.otaApplication.get(a.id))).status).toBe(404);
    // the platform (tenant admin) approves; the decision reaches the applicant alone on the live channel
    const applicantLive = await listen(s, other);
    const adminLive = await listen(s, admin);
    try {
      await approve(mine.id);
      await vi.waitFor(() => expect(applicantLive.frames.map((f) => f.data.action)).toContain('approve'), {
        timeout: 15_000,
        interval: 50,
      });
      expect(applicantLive.frames.find((f) => f.data.action === 'approve')).toMatchObject({
        type: LIVE_FRAME_TYPE.ota,
        data: { id: mine.id, approvalStatus: 2, by: 'admin', programId: p.id },
      });
      const rival = await apply(p.id, 1, other);
      await vi.waitFor(() => expect(adminLive.frames.map((f) => f.data.id)).toContain(rival.id), {
        timeout: 15_000,
        interval: 50,
      });
      // the admin saw both applications arrive (the owner's approvers) but not the decision meant for the applicant
      expect(adminLive.frames.map((f) => f.data.action)).not.toContain('approve');
    } finally {
      applicantLive.close();
      adminLive.close();
    }
    // the quota is the maintenance company's, not admin's
    const [dtu] = await gateways(1);
    expect((await failure(admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [dtu!] } }))).status).toBe(
      409,
    );
  });

  if (dialect === 'postgres')
    it('two server instances on one PostgreSQL: 20 burns at once against a quota of 10 start exactly 10', async () => {
      const s2 = await startTestServer({ dialect, sharedWith: s });
      try {
        const admin2 = await s2.login('admin');
        const p = await program(10);
        await approve((await apply(p.id, 10)).id);
        const dtus = await gateways(20);
        const results = await Promise.allSettled(
          dtus.map((dtu, i) =>
            (i % 2 ? admin2 : admin).call(startOtaBurn, { params: { id: p.id }, body: { dtus: [dtu] } }),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
        const [app] = (await admin.entities.otaApplication.list({ programId: p.id })).records;
        expect(app!.reservedNumber).toBe(10);
      } finally {
        await s2.close();
      }
    });
});

/** A live-channel subscriber: collects the OTA frames the hub pushes to this client. */
async function listen(s: TestServer, client: LiftCloudClient) {
  const session = client.session.get()!;
  const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
  const frames: { type: number; data: Record<string, unknown> }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { type: number; event: string; data: Record<string, unknown> };
    if (frame.event === 'ota') frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`${session.username}-${session.orgId}`);
  return { frames, close: () => ws.close() };
}

/** The test server's OTA service, over the same store and live side as its routes. */
async function otaServiceOf(s: TestServer) {
  const { OtaService } = await import('../../packages/server/src/services/ota.js');
  return new OtaService(s.store.db, s.app.monitoring.live);
}
