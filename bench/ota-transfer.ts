/**
 * OTA firmware transfer (issue 15): one program burned into 50 simulated gateways at once through the embedded
 * broker (chunks in JSON with base64, acknowledged by each gateway, progress written to the store, SHA-256 checked
 * at the end), beside publishing the same bytes through a bare aedes broker in the same run (raw 16 KiB chunks,
 * QoS 1, the same 64 KiB in flight per gateway, until every subscriber holds its copy).
 *
 *   npx tsx bench/ota-transfer.ts            # 50 gateways, 512 KiB of firmware each
 *   npx tsx bench/ota-transfer.ts --short    # 50 gateways, 128 KiB
 */
import {
  applyOta,
  approveOtaApplication,
  LiftCloudClient,
  MemorySessionStore,
  OTA_BURN,
  OTA_CHUNK_BYTES,
  OTA_WINDOW_BYTES,
  startOtaBurn,
  uploadOtaProgramFile,
} from '@liftcloud/client';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../packages/server/src/app.js';
import { openStore } from '../packages/server/src/db/database.js';
import { seedDemo } from '../packages/server/src/seed/demo.js';
import { provisionDemoFleet } from '../packages/server/src/seed/demo-fleet.js';
import { SimulatedGateway } from '../packages/simulator/src/index.js';
import { round } from './lib/stats.js';

const short = process.argv.includes('--short');
const GATEWAYS = 50;
const SIZE = (short ? 128 : 512) * 1024;

/** The same bytes through the broker alone: one publisher, a subscriber per gateway, 64 KiB in flight each. */
async function brokerAlone(firmware: Buffer): Promise<{ seconds: number; mbPerSecond: number }> {
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `mqtt://127.0.0.1:${(server.address() as { port: number }).port}`;
  const subs = await Promise.all(
    Array.from({ length: GATEWAYS }, (_, i) => mqtt.connectAsync(url, { clientId: `base-sub-${i}` })),
  );
  let pending = GATEWAYS;
  let allHeld!: () => void;
  const held = new Promise<void>((r) => (allHeld = r));
  await Promise.all(
    subs.map(async (sub, i) => {
      let bytes = 0;
      sub.on('message', (_t, m) => {
        bytes += m.length;
        if (bytes === firmware.length && --pending === 0) allHeld();
      });
      await sub.subscribeAsync(`base/${i}`, { qos: 1 });
    }),
  );
  const pub = await mqtt.connectAsync(url, { clientId: 'base-pub' });
  const inFlight = Math.max(1, Math.floor(OTA_WINDOW_BYTES / OTA_CHUNK_BYTES));
  const started = performance.now();
  await Promise.all(
    subs.map(async (_s, i) => {
      let offset = 0;
      const next = async (): Promise<void> => {
        while (offset < firmware.length) {
          const at = offset;
          offset += OTA_CHUNK_BYTES;
          await pub.publishAsync(`base/${i}`, firmware.subarray(at, at + OTA_CHUNK_BYTES), { qos: 1 });
        }
      };
      await Promise.all(Array.from({ length: inFlight }, next));
    }),
  );
  await held;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([...subs, pub].map((c) => c.endAsync()));
  await new Promise<void>((res) => broker.close(() => res()));
  server.close();
  return { seconds: round(seconds), mbPerSecond: round((GATEWAYS * firmware.length) / seconds / 1e6) };
}

async function main() {
  const firmware = randomBytes(SIZE);
  const baseline = await brokerAlone(firmware);

  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-ota-'));
  const store = openStore({ sqliteFile: join(dir, 'ota.db') });
  const app = await buildApp({
    store,
    uploadDir: join(dir, 'uploads'),
    loginRatePerMinute: 1000,
    testing: { revealCaptcha: true },
    monitoring: { mqttPort: 0, mqttHost: '127.0.0.1', sweepEveryMs: 3_600_000 },
    jobs: { timer: false },
  });
  const demo = await seedDemo(store);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const members = await provisionDemoFleet(store.db, GATEWAYS);
  const url = `mqtt://127.0.0.1:${app.monitoring.broker!.port}`;
  const gateways = members.map(
    (m) => new SimulatedGateway({ mqttUrl: url, ...m, floors: 10, faultChance: 0, trappedChance: 0 }),
  );
  await Promise.all(gateways.map((g) => g.connect()));

  const session = new MemorySessionStore();
  const client = new LiftCloudClient({ baseUrl: `${address}/api`, session });
  const captcha = (await client.auth.captcha()) as { key: string; answer: string };
  await client.auth.login({
    username: 'admin',
    password: 'LiftDemo2026',
    captchaKey: captcha.key,
    captchaCode: captcha.answer,
  });
  const program = await client.entities.otaProgram.save({
    programName: 'Bench controller',
    version: '1.0',
    count: GATEWAYS,
    isEffective: 1,
    ownedCompanyId: demo!.companies.manufacturer,
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(firmware)]), 'fw.bin');
  await client.call(uploadOtaProgramFile, { params: { id: program.id }, body: form });
  const application = await client.call(applyOta, { body: { programId: program.id, applyNumber: GATEWAYS } });
  await client.call(approveOtaApplication, { params: { id: application.id }, body: {} });

  const started = performance.now();
  const burns = await client.call(startOtaBurn, {
    params: { id: program.id },
    body: { dtus: members.map((m) => m.dtu) },
  });
  const ids = burns.map((b) => b.id);
  let rows: { state: number }[] = [];
  for (;;) {
    rows = await store.db.selectFrom('otaBurns').select('state').where('id', 'in', ids).execute();
    if (rows.every((r) => r.state >= OTA_BURN.burned)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const burned = rows.filter((r) => r.state === OTA_BURN.burned).length;
  const verified = gateways.filter((g) => g.ota.outcomes.some((o) => o.ok)).length;
  const { burningTimes } = await client.entities.otaProgram.get(program.id);
  const ota = { seconds: round(seconds), mbPerSecond: round((GATEWAYS * SIZE) / seconds / 1e6) };
  const result = {
    date: new Date().toISOString().slice(0, 10),
    gateways: GATEWAYS,
    firmwareBytes: SIZE,
    chunkBytes: OTA_CHUNK_BYTES,
    windowBytes: OTA_WINDOW_BYTES,
    brokerAlone: baseline,
    otaTransfer: { ...ota, burned, verifiedByGateways: verified, burningTimes },
    ratio: round(baseline.seconds / seconds),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short)
    writeFileSync(new URL('./results/ota-transfer.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  await Promise.all(gateways.map((g) => g.close()));
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  if (burned !== GATEWAYS) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
