import {
  CONTRACT_STATE,
  DONE_STATUSES,
  OPEN_MAINTENANCE_STATUSES,
  EDITABLE_STATUSES,
  MAINTENANCE_ORDER_STATUS,
  MAINTENANCE_PLAN_STATUS,
  MAINTENANCE_TIMING,
  maintenanceOrder,
  maintenancePlan,
  maintenanceSetting,
  maintenanceType,
  planIntervalRules,
  spotCheck,
  type Issue,
  type MaintenanceItem,
  type MaintenanceOrderItem,
} from '@liftcloud/client';
import type { Transaction } from 'kysely';
import { HttpError, ValidationError } from '../http/errors.js';
import { refuseIfUsed } from '../store/refuse.js';
import type { LooseDB, TableSpec, WriteContext } from '../store/repository.js';
import { tenantOf } from '../services/caller.js';
import { orderNoOf, todayUtc } from '../services/maintenance/dates.js';

type Trx = Transaction<LooseDB>;

export const maintenanceTypeTable: TableSpec<typeof maintenanceType.fields> = {
  entity: maintenanceType,
  table: 'maintenanceTypes',
  scope: 'org',
  jsonFields: ['items'],
  async beforeDelete(existing, { trx }) {
    await refuseIfUsed(trx, 'maintenancePlans', 'maintenanceTypeId', existing.id);
    await refuseIfUsed(trx, 'maintenanceOrders', 'maintenanceTypeId', existing.id);
  },
};

/** Whether an elevator is in an active maintenance plan. */
export async function inActivePlan(trx: Trx, elevatorId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('maintenancePlanElevators as pe')
    .innerJoin('maintenancePlans as p', 'p.id', 'pe.planId')
    .select('p.id')
    .where('pe.elevatorId', '=', elevatorId)
    .where('p.status', '=', MAINTENANCE_PLAN_STATUS.active)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any plan (active or not) names an elevator. */
export async function inAnyPlan(trx: Trx, elevatorId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('maintenancePlanElevators')
    .select('planId')
    .where('elevatorId', '=', elevatorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The maintenance cycle of a company's settings, or null when it has none. */
export async function settingsCycle(trx: Trx, tenantId: number, companyId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('maintenanceSettings')
    .select('cycle')
    .where('tenantId', '=', tenantId)
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  return row ? Number(row.cycle) : null;
}

/** Every elevator of a plan needs a maintenance company and a maintainer (domain.md §5), or no order has workers. */
async function unassignedElevators(trx: Trx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('elevators as e')
    .select(['e.id', 'e.name', 'e.maintenanceCompanyId'])
    .select((eb) =>
      eb
        .selectFrom('elevatorMaintainers as m')
        .select((m) => m.fn.countAll().as('n'))
        .whereRef('m.elevatorId', '=', 'e.id')
        .as('maintainers'),
    )
    .where('e.id', 'in', ids)
    .execute();
  return rows.filter((r) => r.maintenanceCompanyId === null || Number(r.maintainers) === 0).map((r) => String(r.name));
}

async function checkPlan(input: Record<string, unknown>, existing: Record<string, unknown> | null, ctx: WriteContext) {
  const merged = { ...existing, ...input };
  const issues: Issue[] = [];
  const cycle = await settingsCycle(ctx.trx, tenantOf(ctx.caller), Number(merged.companyId));
  issues.push(...planIntervalRules(merged.cycle as number, cycle));
  if (Array.isArray(input.elevatorIds)) {
    const unassigned = await unassignedElevators(ctx.trx, input.elevatorIds.map(Number));
    if (unassigned.length)
      issues.push({
        field: 'elevatorIds',
        rule: 'rule.planElevatorUnassigned',
        params: { elevator: unassigned.join(', ') },
      });
  }
  if (issues.length) throw new ValidationError(issues, maintenancePlan.createSchema);
}

export const maintenancePlanTable: TableSpec<typeof maintenancePlan.fields> = {
  entity: maintenancePlan,
  table: 'maintenancePlans',
  scope: 'org',
  relatedCompanies: ['companyId'],
  links: { elevatorIds: { table: 'maintenancePlanElevators', ownKey: 'planId', otherKey: 'elevatorId' } },
  async beforeCreate(row, input, ctx) {
    await checkPlan(input, null, ctx);
    row.status = MAINTENANCE_PLAN_STATUS.active;
  },
  async beforeUpdate(_row, input, existing, ctx) {
    // an invalidated plan stays invalid: no edit brings it back (domain.md §4)
    if (Number(existing.status) === MAINTENANCE_PLAN_STATUS.invalid)
      throw new ValidationError([{ field: 'status', rule: 'rule.planInvalidated' }], maintenancePlan.patchSchema, 409);
    await checkPlan(input, existing, ctx);
  },
  async beforeDelete(existing, { trx }) {
    // orders keep their history: their plan reference is dropped with the plan
    await trx.updateTable('maintenanceOrders').set({ planId: null }).where('planId', '=', existing.id).execute();
  },
};

export const maintenanceSettingTable: TableSpec<typeof maintenanceSetting.fields> = {
  entity: maintenanceSetting,
  table: 'maintenanceSettings',
  scope: 'org',
  relatedCompanies: ['companyId'],
};

/** The type's items as an order's checklist, each not processed yet. */
export async function itemsOfType(trx: Trx, typeId: number): Promise<MaintenanceOrderItem[]> {
  const type = await trx.selectFrom('maintenanceTypes').select('items').where('id', '=', typeId).executeTakeFirst();
  const items = type ? (JSON.parse(String(type.items)) as MaintenanceItem[]) : [];
  return items.map((i) => ({ ...i, condition: 0 }));
}

export const maintenanceOrderTable: TableSpec<typeof maintenanceOrder.fields> = {
  entity: maintenanceOrder,
  table: 'maintenanceOrders',
  scope: 'org',
  relatedCompanies: ['companyId'],
  jsonFields: ['items'],
  // derived from the plan date and the maintenance date (client workflow deriveMaintenanceTiming), never typed
  // in: done on the plan date normal, before in advance, after (or not done by a past plan date) overdue
  computed: (eb) => {
    const today = todayUtc();
    // the valid contract covering the lift on the plan date: at most one (services/contracts.ts coveringContract)
    const covering = () =>
      eb
        .selectFrom('contractElevators as ce')
        .innerJoin('contracts as c', 'c.id', 'ce.contractId')
        .whereRef('ce.elevatorId', '=', 't.elevatorId')
        .whereRef('c.tenantId', '=', 't.tenantId')
        .where('c.state', '=', CONTRACT_STATE.valid)
        .whereRef('c.startDate', '<=', 't.planDate')
        .whereRef('c.endDate', '>=', 't.planDate')
        .limit(1);
    return {
      contractId: covering().select('c.id'),
      contractNo: covering().select('c.contractNo'),
      timing: eb
        .case()
        .when(
          eb.and([
            eb('t.maintenanceDate', 'is', null),
            eb('t.planDate', '<', today),
            eb('t.status', '!=', MAINTENANCE_ORDER_STATUS.invalid),
          ]),
        )
        .then(1)
        .when(eb('t.maintenanceDate', '>', eb.ref('t.planDate')))
        .then(1)
        .when(eb('t.maintenanceDate', '<', eb.ref('t.planDate')))
        .then(2)
        .when(eb('t.maintenanceDate', '=', eb.ref('t.planDate')))
        .then(3)
        .end(),
      open: eb
        .case()
        .when('t.status', 'in', [...OPEN_MAINTENANCE_STATUSES])
        .then(1)
        .else(0)
        .end(),
    };
  },
  // the timing filter of /maintWork and `liftctl maint orders --overdue`, by the same reckoning as above
  derivedFilters: {
    // the home page's due and overdue figures open the list with this filter: orders still to do
    open: (eb, value) =>
      eb('t.status', value === true || value === 'true' ? 'in' : 'not in', [...OPEN_MAINTENANCE_STATUSES]),
    timing: (eb, value) => {
      const timing = Number(value);
      const done = eb('t.maintenanceDate', 'is not', null);
      if (timing === MAINTENANCE_TIMING.overdue)
        return eb.or([
          eb.and([
            eb('t.maintenanceDate', 'is', null),
            eb('t.planDate', '<', todayUtc()),
            eb('t.status', '!=', MAINTENANCE_ORDER_STATUS.invalid),
          ]),
          eb('t.maintenanceDate', '>', eb.ref('t.planDate')),
        ]);
      if (timing === MAINTENANCE_TIMING.advance)
        return eb.and([done, eb('t.maintenanceDate', '<', eb.ref('t.planDate'))]);
      return eb.and([done, eb('t.maintenanceDate', '=', eb.ref('t.planDate'))]);
    },
  },
  async beforeCreate(row, input, { trx, caller }) {
    row.status = MAINTENANCE_ORDER_STATUS.created;
    row.items = JSON.stringify(await itemsOfType(trx, Number(input.maintenanceTypeId)));
    row.orderNo = orderNoOf(String(input.planDate), null, Number(input.elevatorId), caller.userId, Date.now());
  },
  async beforeUpdate(row, input, existing, { trx }) {
    if (!EDITABLE_STATUSES.includes(Number(existing.status))) throw new HttpError(409, 'maint.locked');
    if (input.maintenanceTypeId != null && Number(input.maintenanceTypeId) !== Number(existing.maintenanceTypeId))
      row.items = JSON.stringify(await itemsOfType(trx, Number(input.maintenanceTypeId)));
  },
  async beforeDelete(existing, { trx }) {
    // once a worker has accepted it, the order is the lift's maintenance record (TSG T5002): kept, never deleted
    if (!EDITABLE_STATUSES.includes(Number(existing.status))) throw new HttpError(409, 'maint.deleteLocked');
    await refuseIfUsed(trx, 'spotChecks', 'orderId', existing.id);
    await trx.deleteFrom('maintenanceOrderLogs').where('orderId', '=', existing.id).execute();
  },
};

async function checkSpotCheck(input: Record<string, unknown>, { trx }: WriteContext) {
  if (input.orderId === undefined || input.orderId === null) return;
  const order = await trx
    .selectFrom('maintenanceOrders')
    .select('status')
    .where('id', '=', input.orderId)
    .executeTakeFirst();
  if (!order || !DONE_STATUSES.includes(Number(order.status)))
    throw new ValidationError([{ field: 'orderId', rule: 'rule.spotCheckOrderNotCompleted' }], spotCheck.createSchema);
}

export const spotCheckTable: TableSpec<typeof spotCheck.fields> = {
  entity: spotCheck,
  table: 'spotChecks',
  scope: 'org',
  async beforeCreate(_row, input, ctx) {
    await checkSpotCheck(input, ctx);
  },
  async beforeUpdate(_row, input, _existing, ctx) {
    await checkSpotCheck(input, ctx);
  },
};
