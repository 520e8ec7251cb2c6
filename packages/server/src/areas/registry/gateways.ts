import {
  BindGatewayBody,
  PROTOCOL_FIELDS,
  bindGateway,
  issueGatewayCredentials,
  setGatewaysBlacklisted,
  setGatewaysProtocol,
  translate,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { newToken, sha256 } from '../../services/secrets.js';
import type { LooseKysely } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

/** A gateway beyond its CRUD: binding to an elevator, the blacklist, protocol settings and its MQTT secret. */
export function registerGatewayRoutes(app: FastifyInstance, { store, repos, monitoring }: AreaDeps): void {
  const { db } = store;

  /** The gateways of a request that the caller may see, or 404 for the first that is not. */
  async function visibleGateways(req: Parameters<typeof callerOf>[0], ids: number[]) {
    const caller = callerOf(req);
    const rows = await repos.gatewayDevice.visibleTo(caller).select(['t.id']).where('t.id', 'in', ids).execute();
    if (rows.length !== ids.length) throw new HttpError(404, 'error.notFound');
  }

  route(app, bindGateway, async (req) => {
    const caller = callerOf(req);
    const { elevatorId, replace } = req.body;
    const gateway = await repos.gatewayDevice.get(caller, req.params.id, req.timeZone);
    if (elevatorId !== null) {
      const lift = await repos.elevator.get(caller, elevatorId, req.timeZone).catch(() => {
        throw new ValidationError([{ field: 'elevatorId', rule: 'validation.reference' }], BindGatewayBody);
      });
      const other = await db
        .selectFrom('gatewayDevices as g')
        .select(['g.id', 'g.dtuCode'])
        .where('g.elevatorId', '=', elevatorId)
        .where('g.id', '!=', req.params.id)
        .executeTakeFirst();
      if (other && !replace)
        throw new ValidationError(
          [{ field: 'elevatorId', rule: 'rule.boundElsewhere', params: { elevator: String(lift.name) } }],
          BindGatewayBody,
          409,
        );
      await db.transaction().execute(async (trx) => {
        if (other)
          await trx
            .updateTable('gatewayDevices')
            .set({ elevatorId: null, bindState: 0 })
            .where('id', '=', other.id)
            .execute();
        await trx
          .updateTable('gatewayDevices')
          .set({ elevatorId, bindState: 1, updateTime: Date.now() })
          .where('id', '=', req.params.id)
          .execute();
        await trx
          .updateTable('elevators')
          .set({ dtuCode: String(gateway.dtuCode) })
          .where('id', '=', elevatorId)
          .execute();
      });
    } else {
      await db
        .updateTable('gatewayDevices')
        .set({ elevatorId: null, bindState: 0, updateTime: Date.now() })
        .where('id', '=', req.params.id)
        .execute();
    }
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, issueGatewayCredentials, async (req) => {
    const gateway = await repos.gatewayDevice.get(callerOf(req), req.params.id, req.timeZone);
    const secret = newToken('gw_');
    // the secret's column is not in the typed store (db/tables.ts): the live tables' loose view
    await (db as unknown as LooseKysely)
      .updateTable('gatewayDevices')
      .set({ secretHash: sha256(secret), updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    // the old secret stops working now: cached logins forgotten and open connections dropped, on every instance
    await monitoring.revoke({ kind: 'gateways', dtus: [String(gateway.dtuCode)] });
    return ok({ dtuCode: String(gateway.dtuCode), username: String(gateway.dtuCode), secret });
  });

  route(app, setGatewaysBlacklisted, async (req) => {
    const { ids, black } = req.body;
    await visibleGateways(req, ids);
    await db
      .updateTable('gatewayDevices')
      .set({ blackStatus: black ? 1 : 0, updateTime: Date.now() })
      .where('id', 'in', ids)
      .execute();
    // the ingest already refuses their messages (it reads the blacklist where it stores); the connections go too
    if (black) {
      const rows = await db.selectFrom('gatewayDevices').select('dtuCode').where('id', 'in', ids).execute();
      await monitoring.revoke({ kind: 'gateways', dtus: rows.map((r) => String(r.dtuCode)) });
    }
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, setGatewaysProtocol, async (req) => {
    const body = req.body;
    await visibleGateways(req, body.ids);
    const set = Object.fromEntries(PROTOCOL_FIELDS.filter((f) => f in body).map((f) => [f, body[f]]));
    await db
      .updateTable('gatewayDevices')
      .set({ ...set, updateTime: Date.now() })
      .where('id', 'in', body.ids)
      .execute();
    return ok(null, translate(req.lang, 'outcome.done'));
  });
}
