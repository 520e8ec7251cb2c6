import { WEBHOOK, WEBHOOK_STATUS } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETENTION_JOB } from '../../packages/server/src/jobs/webhook-retention.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const DAY = 24 * 3_600_000;

/** The delivery log keeps finished deliveries WEBHOOK.keptMs, with their attempts; pending ones stay until done. */
describe.each(DIALECTS)('webhook delivery log retention on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  it('removes finished deliveries and their attempts past the kept time, oldest first, and nothing else', async () => {
    const superAdmin = await s.login('superAdmin');
    superAdmin.session.setOrgId(s.demo.companies.demoRoot!);
    const dev = await superAdmin.entities.developer.save({
      code: `KEPT-${dialect}`,
      name: 'Retention',
      status: 1,
      alarmPushUrl: 'https://hooks.example/alarm',
      subscribeAlarm: true,
    });
    const now = Date.now();
    const row = (msgId: string, ageMs: number, status: number) => ({
      tenantId: s.demo.tenants.platform,
      developerId: dev.id,
      eventType: 'alarm.raised',
      elevatorId: 1,
      eventTime: now - ageMs,
      msgId,
      url: 'https://hooks.example/alarm',
      payload: '{"type":"alarm.raised"}',
      status,
      attempts: 1,
      createTime: now - ageMs,
      updateTime: now - ageMs,
    });
    // more old finished rows than one batch, then a pending one as old, then recent ones of each status
    const old = Array.from({ length: 2_500 }, (_, i) =>
      row(`msg_old_${i}`, WEBHOOK.keptMs + DAY, i % 2 ? WEBHOOK_STATUS.delivered : WEBHOOK_STATUS.failed),
    );
    const kept = [
      row('msg_old_pending', WEBHOOK.keptMs + DAY, WEBHOOK_STATUS.pending),
      row('msg_recent_delivered', WEBHOOK.keptMs - DAY, WEBHOOK_STATUS.delivered),
      row('msg_recent_failed', DAY, WEBHOOK_STATUS.failed),
    ];
    const rows = [...old, ...kept];
    for (let i = 0; i < rows.length; i += 250)
      await s.store.db
        .insertInto('webhookDeliveries')
        .values(rows.slice(i, i + 250))
        .execute();
    const ids = await s.store.db
      .selectFrom('webhookDeliveries')
      .select(['id', 'msgId'])
      .where('developerId', '=', dev.id)
      .execute();
    await s.store.db
      .insertInto('webhookAttempts')
      .values(ids.map((r) => ({ deliveryId: r.id, attemptTime: now, statusCode: 500, latencyMs: 12 })))
      .execute();

    const run = await s.app.jobs.runNow(WEBHOOK_RETENTION_JOB, now);
    expect(run.outcome).toBe('ok');
    const left = await s.store.db
      .selectFrom('webhookDeliveries')
      .select('msgId')
      .where('developerId', '=', dev.id)
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.msgId)).toEqual(kept.map((r) => r.msgId));
    const attempts = await s.store.db
      .selectFrom('webhookAttempts')
      .innerJoin('webhookDeliveries', 'webhookDeliveries.id', 'webhookAttempts.deliveryId')
      .select('webhookDeliveries.msgId')
      .where('webhookDeliveries.developerId', '=', dev.id)
      .execute();
    expect(attempts).toHaveLength(kept.length);
    const orphans = await s.store.db
      .selectFrom('webhookAttempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'deliveryId',
        'in',
        ids.map((r) => r.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(orphans.n)).toBe(kept.length);
  });
});
