import { ENTITIES, type EntityName } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { Exposure } from '../tables/index.js';
import { Repository } from './repository.js';

export type EntityFields<K extends EntityName> = (typeof ENTITIES)[K]['fields'];

/** One repository per entity, keyed by entity name: `repos.gatewayDevice.get(...)` answers a typed record. */
export type Repositories = { readonly [K in EntityName]: Repository<EntityFields<K>> };

const isEntityName = (name: string): name is EntityName => name in ENTITIES;

/** The repositories of every exposed entity; an entity without a table stops the server at start. */
export function openRepositories(
  db: Kysely<DB>,
  exposures: readonly Exposure[],
  totals: { countCacheMs: number; exactTotalLimit: number },
): Repositories {
  const repos: Partial<Record<EntityName, Repository>> = {};
  for (const { table } of exposures)
    if (isEntityName(table.entity.name))
      repos[table.entity.name] = new Repository(table, db, totals.countCacheMs, totals.exactTotalLimit);
  const missing = Object.keys(ENTITIES).filter((name) => !isEntityName(name) || !repos[name]);
  if (missing.length) throw new Error(`No table spec for ${missing.join(', ')} (server/src/tables/index.ts)`);
  // Each entity's repository is built over that entity's own table spec (tables/index.ts), checked complete above.
  return repos as unknown as Repositories;
}

/** The repository of an entity met generically (an exposure, an importable entity): its records untyped. */
export function repositoryFor(repos: Repositories, name: string): Repository {
  if (!isEntityName(name)) throw new Error(`No repository for ${name}`);
  return repos[name] as unknown as Repository;
}
