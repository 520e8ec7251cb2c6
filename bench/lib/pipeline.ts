/**
 * The alarm pipeline the ingest benches drive: a server on a fresh SQLite file with the demo seed, `gateways`
 * fleet gateways provisioned (the first `connected` of them, all by default, connected to its embedded broker
 * from this process), and a console on the live channel timing each alarm from the gateway's publish (the
 * alarm's ts) to its arrival.
 */
import { LiftCloudClient, MemorySessionStore } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../../packages/server/src/app.js';
import { openStore } from '../../packages/server/src/db/database.js';
import { seedDemo } from '../../packages/server/src/seed/demo.js';
import { provisionDemoFleet, type FleetMember } from '../../packages/server/src/seed/demo-fleet.js';

export interface Pipeline {
  app: Awaited<ReturnType<typeof buildApp>>;
  store: ReturnType<typeof openStore>;
  members: FleetMember[];
  /** The broker's address, for gateways another process connects. */
  mqttUrl: string;
  /** The connected gateways: members[0, connected). */
  gateways: MqttClient[];
  /** Publish-to-console milliseconds of every alarm frame since the last clear. */
  alarmLatency: number[];
  close(): Promise<void>;
}

export async function startPipeline(gatewayCount: number, connected = gatewayCount): Promise<Pipeline> {
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-b1-'));
  const store = openStore({ sqliteFile: join(dir, 'b1.db') });
  const app = await buildApp({
    store,
    loginRatePerMinute: 1000,
    testing: { revealCaptcha: true },
    monitoring: { mqttPort: 0, mqttHost: '127.0.0.1', sweepEveryMs: 3_600_000 },
  });
  await seedDemo(store);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const members = await provisionDemoFleet(store.db, gatewayCount);
  const url = `mqtt://127.0.0.1:${app.monitoring.broker!.port}`;
  const gateways = await Promise.all(
    members
      .slice(0, connected)
      .map((m) => mqtt.connectAsync(url, { username: m.dtu, password: m.secret, clientId: `b1-${m.dtu}` })),
  );

  const session = new MemorySessionStore();
  const client = new LiftCloudClient({ baseUrl: `${address}/api`, session });
  const captcha = (await client.auth.captcha()) as { key: string; answer: string };
  await client.auth.login({
    username: 'admin',
    password: 'LiftDemo2026',
    captchaKey: captcha.key,
    captchaCode: captcha.answer,
  });
  const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws?token=${session.get()!.token}`);
  const alarmLatency: number[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { event: string; data: { alarmTime: number } };
    if (frame.event === 'alarm') alarmLatency.push(Date.now() - frame.data.alarmTime);
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(`${session.get()!.username}-${session.get()!.orgId}`);

  return {
    app,
    store,
    members,
    mqttUrl: url,
    gateways,
    alarmLatency,
    async close() {
      ws.close();
      await Promise.all(gateways.map((g) => g.endAsync()));
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
