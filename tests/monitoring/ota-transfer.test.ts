import {
  applyOta,
  approveOtaApplication,
  OTA_BURN,
  otaBurnErrorText,
  otaDownTopic,
  otaUpTopic,
  startOtaBurn,
  uploadOtaProgramFile,
  type LiftCloudClient,
} from '@liftcloud/client';
import mqtt from 'mqtt';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { OtaTransfers } from '../../packages/server/src/areas/ota/transfers.js';
import { provisionDemoFleet, type FleetMember } from '../../packages/server/src/seed/demo-fleet.js';
import { SimulatedGateway, type OtaFaults } from '../../packages/simulator/src/index.js';
import * as sample from '../support/files.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** Short leases and timeouts, so a lapsed lease or a lost chunk shows within a test. */
const OTA = { leaseMs: 1_500, pollMs: 200, ackTimeoutMs: 1_000 };
const WAIT = { timeout: 20_000, interval: 50 };

/**
 * Issue 15, the gateway transfer through the real (embedded) broker: simulated gateways take firmware in chunks,
 * drop mid-way and resume, corrupt a chunk (caught by the SHA-256 at the end) or fail part-way; a burn whose
 * instance dies is taken over by the instance its gateway reconnects to. Each burn ends once, a success counting
 * against the quota and burningTimes, a failure giving the reservation back.
 */
describe.each(DIALECTS)('OTA firmware transfer over MQTT on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let fleet: FleetMember[];
  let n = 0;
  const gateways: SimulatedGateway[] = [];

  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { ota: OTA } });
    admin = await s.login('admin');
    fleet = await provisionDemoFleet(s.store.db, 5);
  });
  afterAll(async () => {
    for (const g of gateways) await g.close();
    await s?.close();
  });

  /** A program of ~200 KB of random firmware (13 chunks) with an approved quota of `quota` for admin's company. */
  async function program(quota: number) {
    const bytes = randomBytes(200_000 + ++n);
    const p = await admin.entities.otaProgram.save({
      programName: `Transfer ${dialect}`,
      version: `2.${n}`,
      count: quota,
      isEffective: 1,
      ownedCompanyId: s.demo.companies.manufacturer,
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'fw.bin');
    await admin.call(uploadOtaProgramFile, { params: { id: p.id }, body: form });
    const a = await admin.call(applyOta, { body: { programId: p.id, applyNumber: quota } });
    await admin.call(approveOtaApplication, { params: { id: a.id }, body: {} });
    return { id: p.id, bytes, applicationId: a.id };
  }

  async function gateway(member: FleetMember, faults: OtaFaults, mqttUrl = s.mqttUrl) {
    const g = new SimulatedGateway({
      mqttUrl,
      ...member,
      floors: 10,
      faultChance: 0,
      trappedChance: 0,
      ota: faults,
      reconnectMs: 200,
    });
    gateways.push(g);
    await g.connect();
    return g;
  }

  const burnRow = (id: number) =>
    s.store.db.selectFrom('otaBurns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function ended(id: number) {
    await expect.poll(async () => Number((await burnRow(id)).state), WAIT).toBeGreaterThanOrEqual(OTA_BURN.burned);
    return burnRow(id);
  }

  it('a gateway that drops mid-transfer resumes from its last good offset, verifies, and the burn counts once', async () => {
    const p = await program(2);
    const g = await gateway(fleet[0]!, { dropAt: 0.5 });
    const live = await listen(s, admin);
    try {
      const [burn] = await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [fleet[0]!.dtu] } });
      const row = await ended(burn!.id);
      expect(row).toMatchObject({ state: OTA_BURN.burned, progress: 100, error: null, leaseOwner: null });
      // it really dropped, reconnected and went on: one drop, one verified outcome of the whole file
      expect(g.ota.drops).toBe(1);
      expect(g.ota.outcomes).toEqual([{ transferId: burn!.transferId, ok: true, sha256: sample.sha256(p.bytes) }]);
      // the transfer went on from where the gateway stopped: about half was not sent twice
      expect(g.ota.chunks).toBeLessThan(Math.ceil(p.bytes.length / (16 * 1024)) * 1.5);
      expect(Number(row.ackedOffset)).toBe(p.bytes.length);
      expect(await admin.entities.otaApplication.get(p.applicationId)).toMatchObject({
        usedNumber: 1,
        reservedNumber: 0,
      });
      expect((await admin.entities.otaProgram.get(p.id)).burningTimes).toBe(1);
      // progress went out on the live channel, then the end, once
      await expect
        .poll(() => live.frames.filter((f) => f.data.id === burn!.id && f.data.state === OTA_BURN.burned), WAIT)
        .toHaveLength(1);
      const progress = live.frames
        .filter((f) => f.data.id === burn!.id && f.data.state === OTA_BURN.transferring)
        .map((f) => Number(f.data.progress));
      expect(progress.some((v) => v > 0 && v < 100)).toBe(true);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    } finally {
      live.close();
    }
  });

  it('a corrupted chunk is caught by the SHA-256: the burn fails and gives its quota back without counting', async () => {
    const p = await program(1);
    const g = await gateway(fleet[1]!, { corruptAt: 0.3 });
    const [burn] = await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [fleet[1]!.dtu] } });
    const row = await ended(burn!.id);
    expect(row).toMatchObject({ state: OTA_BURN.failed, error: 'checksumMismatch' });
    // the code is what JSON keeps; screens say it in the reader's language
    expect(otaBurnErrorText(row.error, 'en-US')).toBe('Checksum mismatch (SHA-256)');
    expect(otaBurnErrorText(row.error, 'zh-CN')).toBe('固件校验失败(SHA-256不一致)');
    expect(otaBurnErrorText(row.error, 'it-Italy')).toBe('Checksum non corrispondente (SHA-256)');
    expect(otaBurnErrorText('bootloader refused', 'zh-CN')).toBe('bootloader refused');
    expect(g.ota.outcomes).toHaveLength(1);
    expect(g.ota.outcomes[0]).toMatchObject({ ok: false, error: 'checksumMismatch' });
    expect(g.ota.outcomes[0]!.sha256).not.toBe(sample.sha256(p.bytes));
    expect(await admin.entities.otaApplication.get(p.applicationId)).toMatchObject({
      usedNumber: 0,
      reservedNumber: 0,
    });
    expect((await admin.entities.otaProgram.get(p.id)).burningTimes).toBe(0);
    // the quota of one is whole again: a clean gateway burns it
    g.ota.faults = {};
    const [again] = await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [fleet[1]!.dtu] } });
    expect((await ended(again!.id)).state).toBe(OTA_BURN.burned);
    expect((await admin.entities.otaProgram.get(p.id)).burningTimes).toBe(1);
  });

  it('a gateway that fails part-way ends its burn failed with its reason', async () => {
    const p = await program(1);
    await gateway(fleet[2]!, { failAt: 0.6 });
    const [burn] = await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [fleet[2]!.dtu] } });
    const row = await ended(burn!.id);
    expect(row).toMatchObject({ state: OTA_BURN.failed, error: 'flashFailed' });
    expect(Number(row.progress)).toBeGreaterThan(0);
    expect(Number(row.progress)).toBeLessThan(100);
    expect(await admin.entities.otaApplication.get(p.applicationId)).toMatchObject({
      usedNumber: 0,
      reservedNumber: 0,
    });
  });

  it('a gateway cannot end, listen to or speak for another gateway’s transfer', async () => {
    const p = await program(1);
    const victim = await gateway(fleet[4]!, { slowAckMs: 300 });
    const [burn] = await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [fleet[4]!.dtu] } });
    await expect.poll(() => victim.ota.held(), WAIT).toBeGreaterThan(0);
    const intruder = fleet[2]!;
    const connect = () =>
      mqtt.connectAsync(s.mqttUrl, {
        username: intruder.dtu,
        password: intruder.secret,
        clientId: `intruder-${Date.now()}`,
        reconnectPeriod: 0,
      });
    // a forged verdict on its own topic naming the other's transfer: not its transfer, ignored
    const own = await connect();
    const forged = { id: 'x-1', ts: Date.now(), op: 'result', transferId: burn!.transferId, ok: true };
    await own.publishAsync(otaUpTopic(intruder.dtu), JSON.stringify({ ...forged, sha256: sample.sha256(p.bytes) }), {
      qos: 1,
    });
    // listening to the other's chunks is refused: the broker closes the connection
    await expect(own.subscribeAsync(otaDownTopic(fleet[4]!.dtu), { qos: 1 })).rejects.toThrow();
    own.end(true);
    // publishing on the other's topic closes the connection, and nothing of it is taken
    const other = await connect();
    const closed = new Promise<void>((resolve) => other.once('close', () => resolve()));
    other.publish(otaUpTopic(fleet[4]!.dtu), JSON.stringify({ ...forged, id: 'x-2' }), { qos: 1 });
    await closed;
    other.end(true);
    // the real transfer goes on and ends on the victim's own verdict
    const row = await ended(burn!.id);
    expect(row.state).toBe(OTA_BURN.burned);
    expect(victim.ota.outcomes).toEqual([{ transferId: burn!.transferId, ok: true, sha256: sample.sha256(p.bytes) }]);
  });

  it('an instance that dies mid-transfer: the instance the gateway reconnects to takes the burn over once its lease lapses', async () => {
    // instances share the store and the file store (DATA_DIR/uploads on a shared volume)
    const b = await startTestServer({ dialect, sharedWith: s, app: { ota: OTA, uploadDir: s.uploadDir } });
    try {
      const p = await program(1);
      // a slow gateway, so the transfer is surely under way, not over, when the first instance dies
      const g = await gateway(fleet[3]!, { slowAckMs: 100 });
      const a = s.app.monitoring.ota.current as OtaTransfers;
      const [burn] = await admin.call(startOtaBurn, { params: { id: p.id }, body: { dtus: [fleet[3]!.dtu] } });
      await expect.poll(() => g.ota.held(), WAIT).toBeGreaterThan(0);
      a.halt();
      expect(g.ota.outcomes).toEqual([]);
      const heldThen = await burnRow(burn!.id);
      expect(heldThen.leaseOwner).toBe(a.owner);
      await g.moveTo(b.mqttUrl);
      const row = await ended(burn!.id);
      expect(row).toMatchObject({ state: OTA_BURN.burned, progress: 100 });
      expect(g.ota.outcomes).toEqual([{ transferId: burn!.transferId, ok: true, sha256: sample.sha256(p.bytes) }]);
      // the second instance took it and ended it, going on from the gateway's offset rather than from the start
      const taker = b.app.monitoring.ota.current as OtaTransfers;
      expect(taker.stats).toEqual({ claimed: 1, ended: 1 });
      expect(g.ota.chunks).toBeLessThan(Math.ceil(p.bytes.length / (16 * 1024)) * 1.5);
      expect(await admin.entities.otaApplication.get(p.applicationId)).toMatchObject({
        usedNumber: 1,
        reservedNumber: 0,
      });
      expect((await admin.entities.otaProgram.get(p.id)).burningTimes).toBe(1);
    } finally {
      await b.close();
    }
  });
});

/** A live-channel subscriber: collects the otaBurn frames the hub pushes to this client. */
async function listen(s: TestServer, client: LiftCloudClient) {
  const session = client.session.get()!;
  const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
  const frames: { type: number; data: Record<string, unknown> }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { type: number; event: string; data: Record<string, unknown> };
    if (frame.event === 'otaBurn') frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`${session.username}-${session.orgId}`);
  return { frames, close: () => ws.close() };
}
