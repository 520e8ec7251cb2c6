import type { Transaction } from 'kysely';
import { HttpError } from '../http/errors.js';
import type { LooseDB } from './repository.js';

/** Refuse to delete a row something still points at. */
export async function refuseIfUsed(
  trx: Transaction<LooseDB>,
  table: string,
  column: string,
  id: unknown,
): Promise<void> {
  // the column itself, not `id`: link tables (a contract's elevators) have none
  const used = await trx.selectFrom(table).select(column).where(column, '=', id).limit(1).executeTakeFirst();
  if (used) throw new HttpError(409, 'error.inUse');
}
