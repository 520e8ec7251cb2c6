import {
  DEVELOPER_STATUS,
  OPEN_API,
  openGetElevatorState,
  openListAlarms,
  openListElevators,
  openListEvents,
  openListFaults,
  openListRepairOrders,
  type OpenPageQuery,
} from '@liftcloud/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { HttpError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { signOpenApiRequest, signatureMatches, type SecretBox } from '../../services/developers.js';
import type { LooseKysely, Query } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

/** The account a signed request was made with. */
interface SignedAccount {
  id: number;
  tenantId: number;
  appKey: string;
}

const accounts = new WeakMap<FastifyRequest, SignedAccount>();
const accountOf = (req: FastifyRequest): SignedAccount => {
  const account = accounts.get(req);
  if (!account) throw new HttpError(401, 'openApi.badSignature');
  return account;
};

const NONCE = new RegExp(`^[A-Za-z0-9_-]{${OPEN_API.nonceMin},${OPEN_API.nonceMax}}$`);
const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

export interface OpenApiOptions {
  /** Requests per appKey per minute (default OPEN_API.ratePerMinute). */
  ratePerMinute?: number;
}

/**
 * The signed open API (docs/developer-api.md). Before any handler: the four headers, a timestamp inside the
 * replay window, an appKey of an account whose current (or overlapping previous) secret signs the request, the
 * account active, the nonce never seen (kept in the store, so no instance accepts a replay another saw), and
 * the appKey's rate this minute (counted in the store, so the limit holds across instances). Every read is
 * then limited to the elevators of the account's use units, in its tenant.
 */
export function registerOpenApi(
  app: FastifyInstance,
  { store }: AreaDeps,
  box: SecretBox,
  opts: OpenApiOptions = {},
): void {
  const db = store.db;
  const loose = store.db as unknown as LooseKysely;
  const ratePerMinute = opts.ratePerMinute ?? OPEN_API.ratePerMinute;
  const prefix = `/api/${OPEN_API.prefix}/`;
  const H = OPEN_API.headers;

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(prefix)) return;
    const appKey = header(req, H.appKey);
    const timestamp = header(req, H.timestamp);
    const nonce = header(req, H.nonce);
    const signature = header(req, H.signature);
    if (!appKey || !timestamp || !nonce || !signature || !/^\d{1,15}$/.test(timestamp) || !NONCE.test(nonce))
      throw new HttpError(401, 'openApi.badSignature');
    const now = Date.now();
    if (Math.abs(now - Number(timestamp)) > OPEN_API.replayWindowMs) throw new HttpError(401, 'openApi.replay');
    const dev = await db
      .selectFrom('developers')
      .select(['id', 'tenantId', 'appKey', 'status', 'secretEnc', 'previousSecretEnc', 'previousSecretUntil'])
      .where('appKey', '=', appKey)
      .executeTakeFirst();
    if (!dev) throw new HttpError(401, 'openApi.badSignature');
    const secrets = [
      dev.secretEnc,
      dev.previousSecretUntil !== null && dev.previousSecretUntil > now ? dev.previousSecretEnc : null,
    ];
    const signed = secrets.some((sealed) => {
      if (!sealed) return false;
      const expected = signOpenApiRequest(box.open(sealed), {
        method: req.method,
        pathWithQuery: req.url,
        timestamp,
        nonce,
      });
      return signatureMatches(expected, signature);
    });
    if (!signed) throw new HttpError(401, 'openApi.badSignature');
    if (Number(dev.status) !== DEVELOPER_STATUS.active) throw new HttpError(403, 'developer.closed');
    const fresh = await db
      .insertInto('openApiNonces')
      .values({ appKey, nonce, expireTime: now + 2 * OPEN_API.replayWindowMs })
      .onConflict((oc) => oc.columns(['appKey', 'nonce']).doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!fresh) throw new HttpError(401, 'openApi.replay');
    const windowStart = now - (now % 60_000);
    const counted = await db
      .insertInto('openApiRates')
      .values({ appKey, windowStart, count: 1 })
      .onConflict((oc) =>
        oc.columns(['appKey', 'windowStart']).doUpdateSet((eb) => ({ count: eb('openApiRates.count', '+', 1) })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    if (Number(counted.count) > ratePerMinute) throw new HttpError(429, 'openApi.rateLimited');
    accounts.set(req, { id: dev.id, tenantId: dev.tenantId, appKey });
  });

  /** The ids of the account's elevators, as a subquery: its tenant's elevators in its use units. */
  const elevatorIds = (account: SignedAccount) =>
    loose
      .selectFrom('elevators')
      .select('id')
      .where('tenantId', '=', account.tenantId)
      .where(
        'useUnitId',
        'in',
        loose.selectFrom('developerUseUnits').select('useUnitId').where('developerId', '=', account.id),
      );

  async function page<T>(q: Query, query: OpenPageQuery, map: (row: Record<string, unknown>) => T) {
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? 20;
    const counted = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const rows = await q
      .orderBy('t.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return { records: rows.map(map), total, pages: Math.ceil(total / pageSize), pageNo, pageSize };
  }

  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

  /** A record table narrowed to the account's elevators and the query's elevator and time. */
  const records = (req: FastifyRequest, table: string, timeColumn: string, query: OpenPageQuery): Query => {
    const account = accountOf(req);
    let q = loose
      .selectFrom(`${table} as t`)
      .selectAll('t')
      .where('t.tenantId', '=', account.tenantId)
      .where('t.elevatorId', 'in', elevatorIds(account)) as unknown as Query;
    if (query.elevatorId !== undefined) q = q.where('t.elevatorId', '=', query.elevatorId);
    if (query.since !== undefined) q = q.where(`t.${timeColumn}`, '>=', query.since);
    return q;
  };

  route(app, openListElevators, async (req) => {
    const account = accountOf(req);
    let q = loose
      .selectFrom('elevators as t')
      .leftJoin('useUnits as u', 'u.id', 't.useUnitId')
      .select([
        't.id',
        't.name',
        't.registerCode',
        't.factoryNo',
        't.elevatorType',
        't.dtuCode',
        't.address',
        't.useUnitId',
        't.onlineStatus',
        'u.name as useUnitName',
      ])
      .where('t.id', 'in', elevatorIds(account)) as unknown as Query;
    if (req.query.elevatorId !== undefined) q = q.where('t.id', '=', req.query.elevatorId);
    return ok(
      await page(q, req.query, (r) => ({
        id: Number(r.id),
        name: String(r.name),
        registerCode: str(r.registerCode),
        factoryNo: str(r.factoryNo),
        elevatorType: Number(r.elevatorType),
        dtuCode: str(r.dtuCode),
        address: str(r.address),
        useUnitId: Number(r.useUnitId),
        useUnitName: str(r.useUnitName),
        onlineStatus: Number(r.onlineStatus) === 1,
      })),
    );
  });

  route(app, openGetElevatorState, async (req) => {
    const account = accountOf(req);
    const elevator = await loose
      .selectFrom('elevators')
      .select(['id', 'onlineStatus'])
      .where('id', '=', req.params.id)
      .where('id', 'in', elevatorIds(account))
      .executeTakeFirst();
    if (!elevator) throw notFound();
    const state = await loose
      .selectFrom('elevatorStates')
      .selectAll()
      .where('elevatorId', '=', req.params.id)
      .executeTakeFirst();
    return ok({
      elevatorId: Number(elevator.id),
      floor: state ? num(state.floor) : null,
      direction: state ? num(state.direction) : null,
      door: state ? num(state.door) : null,
      run: state ? num(state.run) : null,
      flags: state?.flags ? (JSON.parse(String(state.flags)) as number[]) : [],
      online: Number(elevator.onlineStatus) === 1,
      updateTime: state ? num(state.updateTime) : null,
    });
  });

  route(app, openListAlarms, async (req) =>
    ok(
      await page(records(req, 'alarmRecords', 'alarmTime', req.query), req.query, (r) => ({
        id: Number(r.id),
        elevatorId: Number(r.elevatorId),
        dtuCode: String(r.dtuCode),
        type: Number(r.type),
        floor: num(r.floor),
        cleared: Number(r.cleared) === 1,
        alarmTime: Number(r.alarmTime),
        workOrderId: num(r.workOrderId),
      })),
    ),
  );

  route(app, openListFaults, async (req) =>
    ok(
      await page(records(req, 'faultRecords', 'faultTime', req.query), req.query, (r) => ({
        id: Number(r.id),
        elevatorId: Number(r.elevatorId),
        dtuCode: String(r.dtuCode),
        faultNo: String(r.faultNo),
        faultTime: Number(r.faultTime),
        faultStorey: num(r.faultStorey),
      })),
    ),
  );

  route(app, openListEvents, async (req) =>
    ok(
      await page(records(req, 'eventRecords', 'eventTime', req.query), req.query, (r) => ({
        id: Number(r.id),
        elevatorId: Number(r.elevatorId),
        dtuCode: String(r.dtuCode),
        kind: String(r.kind),
        eventTime: Number(r.eventTime),
        detail: str(r.detail),
      })),
    ),
  );

  route(app, openListRepairOrders, async (req) =>
    ok(
      await page(records(req, 'workOrders', 'alarmTime', req.query), req.query, (r) => ({
        id: Number(r.id),
        workOrderNo: String(r.workOrderNo),
        elevatorId: Number(r.elevatorId),
        type: Number(r.type),
        recordState: Number(r.recordState),
        alarmTime: Number(r.alarmTime),
        finishTime: num(r.finishTime),
      })),
    ),
  );
}
