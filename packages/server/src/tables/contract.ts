import { CONTRACT_EXPIRING_DAYS, CONTRACT_STATE, addDays, contract, todayIn, type Issue } from '@liftcloud/client';
import { sql, type Expression, type RawBuilder } from 'kysely';
import { HttpError, ValidationError } from '../http/errors.js';
import { tenantOf } from '../services/caller.js';
import type { ReadContext, TableSpec, WriteContext } from '../store/repository.js';

/**
 * A contract's expiry status in SQL, the same as the client's contractExpiryOn: null when voided, 0 before its
 * start date, 3 after its end date, 2 on its last CONTRACT_EXPIRING_DAYS days, else 1. Dates are yyyy-MM-dd
 * text, so they compare as text in both stores; "today" is the caller's.
 */
function expirySql({ tz }: ReadContext): RawBuilder<number | null> {
  const today = todayIn(tz);
  const soon = addDays(today, CONTRACT_EXPIRING_DAYS);
  return sql<number | null>`(case when ${sql.ref('t.state')} = ${CONTRACT_STATE.voided} then null
    when ${sql.ref('t.startDate')} > ${today} then 0
    when ${sql.ref('t.endDate')} < ${today} then 3
    when ${sql.ref('t.endDate')} <= ${soon} then 2
    else 1 end)`;
}

/**
 * At most one valid contract covers an elevator on any day (docs/decisions.md "Contracts"): the covered
 * elevators of a contract being saved must not be covered by another valid contract whose dates overlap its own.
 */
async function refuseOverlap(
  ctx: WriteContext,
  self: { id: number | null; startDate: string; endDate: string; elevatorIds: number[] },
): Promise<void> {
  if (self.elevatorIds.length === 0) return;
  let q = ctx.trx
    .selectFrom('contractElevators as ce')
    .innerJoin('contracts as c', 'c.id', 'ce.contractId')
    .innerJoin('elevators as e', 'e.id', 'ce.elevatorId')
    .select(['c.contractNo', 'e.name'])
    .where('ce.elevatorId', 'in', self.elevatorIds)
    .where('c.tenantId', '=', tenantOf(ctx.caller))
    .where('c.state', '=', CONTRACT_STATE.valid)
    .where('c.startDate', '<=', self.endDate)
    .where('c.endDate', '>=', self.startDate);
  if (self.id !== null) q = q.where('c.id', '!=', self.id);
  const clash = await q.orderBy('c.id').executeTakeFirst();
  if (!clash) return;
  const issue: Issue = {
    field: 'elevatorIds',
    rule: 'rule.contractOverlap',
    params: { elevator: String(clash.name), contractNo: String(clash.contractNo) },
  };
  throw new ValidationError([issue], contract.createSchema, 409);
}

const idList = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

export const contractTable: TableSpec<typeof contract.fields> = {
  entity: contract,
  table: 'contracts',
  scope: 'org',
  // the maintenance company that keeps the covered elevators sees the contract as its own
  relatedCompanies: ['maintenanceCompanyId'],
  links: { elevatorIds: { table: 'contractElevators', ownKey: 'contractId', otherKey: 'elevatorId' } },
  computed: (_eb, read) => ({ isOverdue: expirySql(read) }),
  derivedFilters: {
    isOverdue: (eb, value, read) => eb(expirySql(read) as Expression<number | null>, '=', Number(value)),
  },
  async beforeCreate(row, input, ctx) {
    row.state = CONTRACT_STATE.valid;
    await refuseOverlap(ctx, {
      id: null,
      startDate: String(row.startDate),
      endDate: String(row.endDate),
      elevatorIds: idList(input.elevatorIds),
    });
  },
  // voiding is final: a voided contract is never changed again (domain.md §4), its appendix files neither
  frozen: (record) => (Number(record.state) === CONTRACT_STATE.voided ? 'contract.voided' : null),
  async beforeUpdate(row, input, existing, ctx) {
    if (Number(existing.state) === CONTRACT_STATE.voided) throw new HttpError(409, 'contract.voided');
    await refuseOverlap(ctx, {
      id: Number(existing.id),
      startDate: String(row.startDate ?? existing.startDate),
      endDate: String(row.endDate ?? existing.endDate),
      elevatorIds: input.elevatorIds !== undefined ? idList(input.elevatorIds) : idList(existing.elevatorIds),
    });
  },
};
