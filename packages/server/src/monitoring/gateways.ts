import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';

/** What the ingest needs to know about a gateway: its elevator, tenant and who may see it. */
export interface GatewayInfo {
  gatewayId: number;
  dtu: string;
  tenantId: number;
  secretHash: string | null;
  blacklisted: boolean;
  elevatorId: number | null;
  elevatorName: string | null;
  address: string | null;
  /** The elevator's organisation and its related companies: who sees its events. */
  orgIds: number[];
  orgId: number | null;
}

/** The elevator columns naming who may see its events: its own organisation and its related companies. */
export const ELEVATOR_ORG_COLUMNS = [
  'orgId',
  'maintenanceCompanyId',
  'propertyCompanyId',
  'manufacturerId',
  'installationCompanyId',
  'modificationCompanyId',
] as const;

/** The organisations of an elevator row read with ELEVATOR_ORG_COLUMNS, the empty ones left out. */
export const elevatorOrgIds = (row: Partial<Record<(typeof ELEVATOR_ORG_COLUMNS)[number], unknown>>): number[] =>
  ELEVATOR_ORG_COLUMNS.map((c) => row[c])
    .filter((v) => v !== null && v !== undefined)
    .map(Number);

const TTL_MS = 5_000;

/**
 * Gateways by DTU number, cached briefly: every message needs one, and bindings change rarely. The lookup
 * itself is what is kept, so the many messages a gateway has in flight when its entry expires wait for one
 * query instead of each running its own (issue 21, B1: at 50 in flight a gateway, the misses were a fifth of
 * the ingest's CPU).
 */
export class GatewayDirectory {
  private cache = new Map<string, { info: Promise<GatewayInfo | null>; until: number }>();
  constructor(private readonly db: Kysely<DB>) {}

  forget(dtu?: string): void {
    if (dtu) this.cache.delete(dtu);
    else this.cache.clear();
  }

  get(dtu: string): Promise<GatewayInfo | null> {
    const now = Date.now();
    const hit = this.cache.get(dtu);
    if (hit && hit.until > now) return hit.info;
    const entry = { info: this.read(dtu), until: now + TTL_MS };
    this.cache.set(dtu, entry);
    // a failed read is not kept (unless forget() or a newer read replaced it meanwhile)
    entry.info.catch(() => this.cache.get(dtu) === entry && this.cache.delete(dtu));
    return entry.info;
  }

  private async read(dtu: string): Promise<GatewayInfo | null> {
    const db = this.db as unknown as Kysely<LooseDB>;
    const row = await db
      .selectFrom('gatewayDevices as g')
      .leftJoin('elevators as e', 'e.id', 'g.elevatorId')
      .select([
        'g.id as gatewayId',
        'g.tenantId',
        'g.secretHash',
        'g.blackStatus',
        'g.elevatorId',
        'e.name as elevatorName',
        'e.address',
        ...ELEVATOR_ORG_COLUMNS.map((c) => `e.${c}` as const),
      ])
      .where('g.dtuCode', '=', dtu)
      .executeTakeFirst();
    return row
      ? {
          gatewayId: Number(row.gatewayId),
          dtu,
          tenantId: Number(row.tenantId),
          secretHash: (row.secretHash as string | null) ?? null,
          blacklisted: Number(row.blackStatus) === 1,
          elevatorId: row.elevatorId === null ? null : Number(row.elevatorId),
          elevatorName: (row.elevatorName as string | null) ?? null,
          address: (row.address as string | null) ?? null,
          orgId: row.orgId === null ? null : Number(row.orgId),
          orgIds: elevatorOrgIds(row),
        }
      : null;
  }
}
