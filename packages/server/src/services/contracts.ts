import { CONTRACT_STATE } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';

/**
 * The valid contract covering an elevator on a calendar day (yyyy-MM-dd), or undefined: at most one does
 * (docs/decisions.md "Contracts"). The seam for maintenance (issue 13) and anything else that asks.
 */
export async function coveringContract(
  db: Kysely<DB>,
  tenantId: number,
  elevatorId: number,
  day: string,
): Promise<{ id: number; contractNo: string; maintenanceCompanyId: number | null } | undefined> {
  return db
    .selectFrom('contractElevators as ce')
    .innerJoin('contracts as c', 'c.id', 'ce.contractId')
    .select(['c.id', 'c.contractNo', 'c.maintenanceCompanyId'])
    .where('ce.elevatorId', '=', elevatorId)
    .where('c.tenantId', '=', tenantId)
    .where('c.state', '=', CONTRACT_STATE.valid)
    .where('c.startDate', '<=', day)
    .where('c.endDate', '>=', day)
    .executeTakeFirst();
}
