import {
  MAINTENANCE_PLAN_STATUS,
  MaintenanceInvalidateBody,
  generateMaintenanceOrders,
  invalidateMaintenancePlan,
  maintenancePlan,
  translate,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { generatePlan, planRow, type GeneratedOrder } from '../../services/maintenance/generate.js';
import type { LooseDB } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

/** A plan's invalidation (no way back) and generation on demand (`liftctl maint plan generate`). */
export function registerMaintenancePlans(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;

  route(app, invalidateMaintenancePlan, async (req) => {
    await repos.maintenancePlan.get(callerOf(req), req.params.id, req.timeZone);
    const reason = req.body.invalidReason.trim();
    if (!reason)
      throw new ValidationError([{ field: 'invalidReason', rule: 'validation.required' }], MaintenanceInvalidateBody);
    const changed = await db
      .updateTable('maintenancePlans')
      .set({ status: MAINTENANCE_PLAN_STATUS.invalid, invalidReason: reason, updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .where('status', '=', MAINTENANCE_PLAN_STATUS.active)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1)
      throw new ValidationError([{ field: 'status', rule: 'rule.planInvalidated' }], maintenancePlan.patchSchema, 409);
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, generateMaintenanceOrders, async (req) => {
    const { from, to, dryRun = false, planId } = req.body;
    if (from > to)
      throw new ValidationError([{ field: 'to', rule: 'validation.rangeOrder' }], generateMaintenanceOrders.body);
    let q = repos.maintenancePlan
      .visibleTo(callerOf(req))
      .select([
        't.id',
        't.tenantId',
        't.maintenanceTypeId',
        't.companyId',
        't.startDate',
        't.endDate',
        't.cycle',
        't.generatedUntil',
        't.name',
      ])
      .where('t.status', '=', MAINTENANCE_PLAN_STATUS.active)
      .orderBy('t.id');
    if (planId !== undefined) q = q.where('t.id', '=', planId);
    const rows = await q.execute();
    const plans = rows.map(planRow);
    const now = Date.now();
    const orders: GeneratedOrder[] = [];
    // each plan in its own transaction: nothing half-written, and orders that exist are left as they are
    for (const plan of plans)
      orders.push(...(await db.transaction().execute((trx) => generatePlan(trx, plan, from, to, { dryRun, now }))));
    if (!dryRun) repos.maintenanceOrder.forgetCounts();
    // each order named as a person reads it: its plan and its elevator, beside their ids
    const planNames = new Map(rows.map((r) => [Number(r.id), String(r.name)]));
    const elevatorNames = await namesOf(db, [...new Set(orders.map((o) => o.elevatorId))]);
    const named = orders.map((o) => ({
      ...o,
      planName: planNames.get(o.planId) ?? '',
      elevatorName: elevatorNames.get(o.elevatorId) ?? '',
    }));
    return ok({ orders: named, created: dryRun ? 0 : orders.length, dryRun });
  });
}

/** Elevators' names by id, a thousand ids a query. */
async function namesOf(db: Kysely<LooseDB>, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectFrom('elevators')
      .select(['id', 'name'])
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
    for (const r of rows) names.set(Number(r.id), String(r.name));
  }
  return names;
}
