import {
  GATEWAY_TEST_REASON,
  GATEWAY_TEST_STATE,
  cancelGatewayTest,
  createGatewayTest,
  formatDateTime,
  gatewayTest,
  getGatewayTestDetail,
  type GatewayTestResult,
  type Issue,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { startGatewayTests } from '../../monitoring/gateway-tests.js';
import { callerOf } from '../../plugins/auth.js';
import { tenantOf } from '../../services/caller.js';
import type { LooseDB } from '../../store/repository.js';

/**
 * Create (POST), detail with per-gateway results, and cancel of a gateway test; list and get are the generic
 * ones (tables/index.ts). The runner (monitoring/gateway-tests.ts) does the testing.
 */
export function registerGatewayTestRoutes(app: FastifyInstance, { store, repos, monitoring, options }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;
  const runner = startGatewayTests(app, store.db, monitoring, options.gatewayTestWindowMs);

  route(app, createGatewayTest, async (req) => {
    const caller = callerOf(req);
    const body = req.body;
    const rules = gatewayTest.refine?.(body) ?? [];
    if (rules.length) throw new ValidationError(rules, gatewayTest.createSchema);
    const codes = body.dtuCodes.map((c) => c.trim());
    // Only gateways the caller may see can be tested: another tenant's DTU reads as one that does not exist.
    const known = await repos.gatewayDevice
      .scoped(db, caller)
      .select('t.dtuCode')
      .where('t.dtuCode', 'in', codes)
      .execute();
    const found = new Set(known.map((g) => String(g.dtuCode)));
    const unknown: Issue[] = codes.flatMap((code, i) =>
      found.has(code) ? [] : [{ field: `dtuCodes.${i}`, rule: 'rule.gatewayTestUnknownDtu', params: { value: code } }],
    );
    if (unknown.length) throw new ValidationError(unknown, gatewayTest.createSchema);
    const now = Date.now();
    const id = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('gatewayTests')
        .values({
          tenantId: tenantOf(caller),
          orgId: caller.orgId === 0 ? null : caller.orgId,
          dtuCodes: JSON.stringify(codes),
          passBenchmark: body.passBenchmark ?? null,
          testTime: body.testTime ?? null,
          state: GATEWAY_TEST_STATE.queued,
          windowMs: runner.windowMs,
          createdBy: caller.username,
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const testId = Number(inserted.id);
      await trx
        .insertInto('gatewayTestResults')
        .values(codes.map((dtuCode, seq) => ({ testId, seq: seq + 1, dtuCode })))
        .execute();
      return testId;
    });
    repos.gatewayTest.forgetCounts();
    runner.wake();
    return ok(await repos.gatewayTest.get(caller, id, req.timeZone));
  });

  route(app, getGatewayTestDetail, async (req) => {
    const test = await repos.gatewayTest.get(callerOf(req), req.params.id, req.timeZone);
    const rows = await db
      .selectFrom('gatewayTestResults')
      .selectAll()
      .where('testId', '=', req.params.id)
      .orderBy('seq')
      .execute();
    const time = (v: unknown) => (v === null || v === undefined ? null : formatDateTime(Number(v), req.timeZone));
    const results: GatewayTestResult[] = rows.map((r) => {
      const statusCount = Number(r.statusCount);
      const faultCount = Number(r.faultCount);
      const alarmCount = Number(r.alarmCount);
      return {
        seq: Number(r.seq),
        dtuCode: String(r.dtuCode),
        windowStart: time(r.windowStart),
        windowEnd: time(r.windowEnd),
        messages: statusCount + faultCount + alarmCount,
        statusCount,
        faultCount,
        alarmCount,
        onlineSeen: Number(r.onlineSeen) === 1,
        passed: r.passed === null ? null : Number(r.passed) === 1,
        reason: r.reason === null ? null : Number(r.reason),
      };
    });
    return ok({ ...test, results });
  });

  route(app, cancelGatewayTest, async (req) => {
    const caller = callerOf(req);
    const id = req.params.id;
    await repos.gatewayTest.get(caller, id, req.timeZone); // in the caller's scope, else 404
    const now = Date.now();
    const moved = await db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('gatewayTests')
        .set({ state: GATEWAY_TEST_STATE.cancelled, finishTime: now, updateTime: now })
        .where('id', '=', id)
        .where('state', 'in', [GATEWAY_TEST_STATE.queued, GATEWAY_TEST_STATE.running])
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('gatewayTestResults')
        .set({ reason: GATEWAY_TEST_REASON.cancelled, windowEnd: null })
        .where('testId', '=', id)
        .where('passed', 'is', null)
        .execute();
      return true;
    });
    if (!moved) throw new HttpError(409, 'gatewayTest.ended');
    repos.gatewayTest.forgetCounts();
    runner.cancelled(id);
    return ok(await repos.gatewayTest.get(caller, id, req.timeZone));
  });
}
