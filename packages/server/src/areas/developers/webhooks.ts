import { WEBHOOK_STATUS, formatDateTime, listWebhookAttempts, redeliverWebhook } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { AreaDeps } from '../area.js';

/** The delivery log's attempts and the redeliver action (the list itself is the webhookDelivery entity's). */
export function registerWebhookRoutes(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db;

  route(app, listWebhookAttempts, async (req) => {
    await repos.webhookDelivery.get(callerOf(req), req.params.id, req.timeZone); // 404 outside the caller's scope
    const rows = await db
      .selectFrom('webhookAttempts')
      .selectAll()
      .where('deliveryId', '=', req.params.id)
      .orderBy('id')
      .execute();
    return ok(
      rows.map((r) => ({
        id: Number(r.id),
        attemptTime: formatDateTime(Number(r.attemptTime), req.timeZone),
        statusCode: r.statusCode === null ? null : Number(r.statusCode),
        latencyMs: Number(r.latencyMs),
        error: r.error,
        responseExcerpt: r.responseExcerpt,
      })),
    );
  });

  // A new delivery of the same message (same webhook-id, so a receiver that has it already can tell), due now.
  route(app, redeliverWebhook, async (req) => {
    await repos.webhookDelivery.get(callerOf(req), req.params.id, req.timeZone);
    const d = await db
      .selectFrom('webhookDeliveries')
      .selectAll()
      .where('id', '=', req.params.id)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const row = await db
      .insertInto('webhookDeliveries')
      .values({
        tenantId: d.tenantId,
        developerId: d.developerId,
        eventType: d.eventType,
        elevatorId: d.elevatorId,
        eventTime: now,
        msgId: d.msgId,
        url: d.url,
        payload: d.payload,
        status: WEBHOOK_STATUS.pending,
        attempts: 0,
        nextAttemptTime: now,
        lastAttemptTime: null,
        lastStatusCode: null,
        lastError: null,
        deliveredTime: null,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok({ id: Number(row.id) });
  });
}
