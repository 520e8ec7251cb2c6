import { HttpError } from '../http/errors.js';
import { permits, type Permission } from '@liftcloud/client';
import type { Caller } from '../services/caller.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseKysely, Repository } from '../store/repository.js';
import type { StoredFile } from './service.js';

/** An entity whose records may own files: its routes' permissions and its repository (which scopes reads). */
export interface FileOwner {
  read: Exclude<Permission, 'public'>;
  write: Exclude<Permission, 'public'>;
  repo: Repository;
}

/**
 * Who may read a file: whoever may read its owner record. That is the owner entity's read permission, the
 * caller's tenant (unless the entity is the platform's, as gateway versions are), and, for a file whose owner
 * record exists, that record within the caller's organisations. Anything else is answered as if the file did
 * not exist.
 */
export class FileOwners {
  constructor(
    private readonly owners: ReadonlyMap<string, FileOwner>,
    private readonly db: Kysely<DB>,
  ) {}

  get(entity: string): FileOwner | undefined {
    return this.owners.get(entity);
  }

  /**
   * The record a request names, as the caller may see it (404 otherwise), and the tenant it belongs to: a file
   * it owns belongs to that tenant, whoever uploads it (the super admin acting for a tenant, too).
   */
  async record(
    owner: FileOwner,
    caller: Caller,
    id: number,
    tz: string,
    change = false,
  ): Promise<{ id: number; tenantId: number }> {
    const record = await owner.repo.get(caller, id, tz);
    // adding or removing a file changes the record: one that may no longer change refuses it (a voided contract)
    const frozen = change ? owner.repo.spec.frozen?.(record as Record<string, unknown>) : null;
    if (frozen) throw new HttpError(409, frozen);
    const row = await (this.db as unknown as LooseKysely)
      .selectFrom(owner.repo.spec.table)
      .select('tenantId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, tenantId: Number(row.tenantId) };
  }

  async mayRead(caller: Caller, file: StoredFile, tz: string): Promise<boolean> {
    const owner = this.owners.get(file.ownerEntity);
    if (!owner || !permits(caller.username, caller.auth, owner.read)) return false;
    const tenant = caller.scope.tenantId;
    if (owner.repo.spec.scope !== 'platform' && tenant !== null && file.tenantId !== tenant) return false;
    if (file.ownerId === null) return true;
    try {
      await owner.repo.get(caller, file.ownerId, tz);
      return true;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return false;
      throw err;
    }
  }
}
