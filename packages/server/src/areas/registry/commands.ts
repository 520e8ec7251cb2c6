import { sendGatewayCommand, translate } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { LooseDB } from '../../store/repository.js';

/** Read or write a gateway's parameters, or reset a fault: recorded as executing until the gateway replies. */
export function registerCommandRoutes(app: FastifyInstance, { store, repos, monitoring }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;
  route(app, sendGatewayCommand, async (req) => {
    const caller = callerOf(req);
    const gateway = await repos.gatewayDevice.get(caller, req.params.id, req.timeZone);
    if (!gateway.dtuStatus) throw new HttpError(409, 'device.offline');
    const body = req.body;
    const now = Date.now();
    const row = await db
      .insertInto('commandRecords')
      .values({
        tenantId: caller.scope.tenantId ?? caller.tenantId,
        orgId: caller.orgId || null,
        gatewayId: gateway.id,
        dtuCode: gateway.dtuCode,
        action: body.action,
        params: body.params ? JSON.stringify(body.params) : null,
        state: 0,
        operator: caller.username,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const commandId = Number(row.id);
    try {
      await monitoring.sendCommand(String(gateway.dtuCode), {
        commandId,
        action: body.action,
        ...(body.params ? { params: body.params } : {}),
      });
    } catch (err) {
      await db
        .updateTable('commandRecords')
        .set({ state: 2, reply: 'not sent', updateTime: Date.now() })
        .where('id', '=', commandId)
        .execute();
      throw err;
    }
    return ok({ commandId }, translate(req.lang, 'outcome.done'));
  });
}
