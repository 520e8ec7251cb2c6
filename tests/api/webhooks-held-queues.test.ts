import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_STATUS, rotateDeveloperSecret } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERIES_JOB } from '../../packages/server/src/jobs/webhook-deliveries.js';
import { WEBHOOK_ROUND_SIZE } from '../../packages/server/src/services/webhooks.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** Queues waiting for a retry hold back only themselves, however many they are and however old their rows. */
describe.each(DIALECTS)('webhook queues held for a retry on %s', (dialect) => {
  let s: TestServer;
  let rx: Server;
  const hits: string[] = [];

  beforeAll(async () => {
    rx = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(String(req.headers['webhook-id']));
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    s = await startTestServer({ dialect, app: { webhooks: { targets: 'loopback' } } });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((r) => rx.close(() => r()));
  });

  it('sends a due queue behind more than a round of older rows whose queues wait for their retry', async () => {
    const superAdmin = await s.login('superAdmin');
    superAdmin.session.setOrgId(s.demo.companies.demoRoot!);
    const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;
    const dev = await superAdmin.entities.developer.save({
      code: `HELD-${dialect}`,
      name: 'Held queues',
      status: 1,
      alarmPushUrl: url,
      subscribeAlarm: true,
    });
    await superAdmin.call(rotateDeveloperSecret, { params: { id: dev.id }, body: {} });
    const now = Date.now();
    const row = (elevatorId: number, msgId: string, nextAttemptTime: number) => ({
      tenantId: s.demo.tenants.platform,
      developerId: dev.id,
      eventType: 'alarm.raised',
      elevatorId,
      eventTime: now,
      msgId,
      url,
      payload: '{"type":"alarm.raised"}',
      status: WEBHOOK_STATUS.pending,
      attempts: 1,
      nextAttemptTime,
      createTime: now,
      updateTime: now,
    });
    // more held rows than a round takes, all older than the due ones: 120 queues of 10, each head failed once
    const held = Array.from({ length: 1_200 }, (_, i) => row(1_000 + (i % 120), `msg_held_${i}`, now + 3_600_000));
    for (let i = 0; i < held.length; i += 200)
      await s.store.db
        .insertInto('webhookDeliveries')
        .values(held.slice(i, i + 200))
        .execute();
    expect(held.length).toBeGreaterThan(WEBHOOK_ROUND_SIZE);
    const due = ['msg_due_1', 'msg_due_2', 'msg_due_3'];
    await s.store.db
      .insertInto('webhookDeliveries')
      .values(due.map((id) => ({ ...row(9_999, id, now), attempts: 0 })))
      .execute();

    await s.app.jobs.runNow(WEBHOOK_DELIVERIES_JOB, now + 1_000);
    expect(hits).toEqual(due);
    const untouched = await s.store.db
      .selectFrom('webhookDeliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('developerId', '=', dev.id)
      .where('msgId', 'like', 'msg_held_%')
      .where('attempts', '=', 1)
      .where('status', '=', WEBHOOK_STATUS.pending)
      .executeTakeFirstOrThrow();
    expect(Number(untouched.n)).toBe(held.length);
  });
});
