import { upTopic } from '@liftcloud/client';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { LiftCloudClient, MemorySessionStore } from '@liftcloud/client';
import { startServerProcess } from '../support/server-process.js';

describe('killing the server mid-ingest', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'liftcloud-crash-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no message the gateway was told was received', { timeout: 120_000 }, async () => {
    const first = await startServerProcess(dataDir);
    child = first.child;
    const session = new MemorySessionStore();
    const client = new LiftCloudClient({ baseUrl: `http://127.0.0.1:${first.httpPort}/api`, session });
    // No captcha reveal in a real process: read the answer from its store, as only a test can.
    const captcha = await client.auth.captcha();
    const db = new Database(join(dataDir, 'liftcloud.db'), { readonly: true });
    const answer = (db.prepare('select answer from captchas where key = ?').get(captcha.key) as { answer: string })
      .answer;
    await client.auth.login({
      username: 'admin',
      password: 'LiftDemo2026',
      captchaKey: captcha.key,
      captchaCode: answer,
    });
    const lift = await client.entities.elevator.save({
      name: 'Crash lift',
      factoryNo: 'CR-1',
      elevatorType: 1,
      useStatus: 1,
    });
    const gw = await client.entities.gatewayDevice.save({ dtuCode: '86300000001' });
    await client.http.put(`gatewayDevices/${gw.id}/bind`, { elevatorId: lift.id });
    const { secret } = await client.http.post<{ secret: string }>(`gatewayDevices/${gw.id}/credentials`);

    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${first.mqttPort}`, {
      username: '86300000001',
      password: secret,
      clientId: 'crash-gw',
      reconnectPeriod: 0,
    });
    device.on('error', () => undefined);
    const connectionLost = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const acked: string[] = [];
    const sends: Promise<void>[] = [];
    let onAck = () => {};
    const send = (i: number) => {
      const id = `c${i}`;
      const p = device
        .publishAsync(
          upTopic('86300000001', 'fault'),
          JSON.stringify({ id, ts: Date.now(), code: 'E1', floorCode: '01', floor: 1 }),
          { qos: 1 },
        )
        .then(() => {
          acked.push(id);
          onAck();
        })
        .catch(() => undefined);
      sends.push(p);
      return p;
    };
    // Ten windows of 50, each acknowledged, then a window still in flight when the process is killed: killed
    // at its first acknowledgement, the rest of it is being stored.
    let i = 0;
    for (let w = 0; w < 10; w++) await Promise.all(Array.from({ length: 50 }, () => send(i++)));
    const inFlight = new Promise<void>((resolve) => (onAck = resolve));
    for (let k = 0; k < 300; k++) void send(i++);
    await inFlight;
    first.child.kill('SIGKILL');
    // The broker is gone: what was not acknowledged by now never will be. Ending the client fails those sends.
    await connectionLost;
    device.end(true);
    await Promise.allSettled(sends);
    db.close();
    expect(acked.length).toBeGreaterThanOrEqual(500);

    const second = await startServerProcess(dataDir);
    child = second.child;
    const after = new Database(join(dataDir, 'liftcloud.db'), { readonly: true });
    const stored = new Set(
      (
        after.prepare("select msg_id as id from fault_records where dtu_code = '86300000001'").all() as { id: string }[]
      ).map((r) => r.id),
    );
    after.close();
    const lost = acked.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    second.child.kill('SIGTERM');
  });
});
