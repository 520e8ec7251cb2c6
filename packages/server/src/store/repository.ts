import { DEFAULT_TIME_ZONE, parseDateTime, type Fields, type Issue, type RecordOf } from '@liftcloud/client';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { tableVersion } from '../db/write-tracker.js';
import { HttpError, notFound, ValidationError } from '../http/errors.js';
import { tenantOf, type Caller } from '../services/caller.js';
import { toApi, toStore } from './convert.js';
import { EXACT_TOTAL_LIMIT, exact, totalOf, type ListTotal } from './list-total.js';
import { nameSelections, reachableIds, referencesOf } from './references.js';
import type {
  LinkSpec,
  ListResult,
  LooseKysely,
  Query,
  RemoveListener,
  TableSpec,
  WriteContext,
  WriteListener,
} from './table-spec.js';

// what a table is and how it is stored (table-spec.ts), named here too: every table module imports it from here
export type * from './table-spec.js';

/** How long a list total may be reused by default; a write through the repository drops it at once. */
export const COUNT_CACHE_MS = 5_000;

/** How long a scope's size (what an estimated total scales) is kept, whatever is written meanwhile. */
export const SCOPE_COUNT_CACHE_MS = 60_000;

/** A value for LIKE … ESCAPE '\': its own %, _ and backslash match themselves. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export class Repository<F extends Fields = Fields> {
  constructor(
    readonly spec: TableSpec<F>,
    private readonly dbTyped: Kysely<DB>,
    private readonly countCacheMs = COUNT_CACHE_MS,
    /** Totals past this many rows are estimated (store/list-total.ts); Infinity counts every row. */
    private readonly exactTotalLimit = EXACT_TOTAL_LIMIT,
  ) {}

  /** What else happens on a write or delete of this entity's records, beside the spec's own hooks. */
  readonly listeners: { written: WriteListener[]; removed: RemoveListener[] } = { written: [], removed: [] };

  private get db(): LooseKysely {
    return this.dbTyped as unknown as LooseKysely;
  }

  private namesOnce: ReturnType<typeof nameSelections> | undefined;

  /** The derived name fields (`companyName` through `companyId`), read through their references. */
  private get names(): ReturnType<typeof nameSelections> {
    this.namesOnce ??= nameSelections(this.spec);
    return this.namesOnce;
  }

  private get orgColumn(): string {
    return this.spec.orgColumn ?? 'orgId';
  }

  /** The rows this caller may see, read through the repository's own store. */
  visibleTo(caller: Caller): Query {
    return this.scoped(this.db, caller);
  }

  /** The rows this caller may see, read through `db` (a transaction). */
  scoped(db: LooseKysely, caller: Caller): Query {
    let q = db.selectFrom(`${this.spec.table} as t`) as unknown as Query;
    const { scope } = caller;
    if (this.spec.scope !== 'platform' && scope.tenantId !== null) q = q.where('t.tenantId', '=', scope.tenantId);
    if (this.spec.scope === 'org' && scope.orgIds !== null) {
      const ids = scope.orgIds.length ? scope.orgIds : [-1];
      const col = `t.${this.orgColumn}`;
      const related = (this.spec.relatedCompanies ?? []).map((c) => `t.${c}`);
      q = q.where((eb) => eb.or([eb(col, 'is', null), eb(col, 'in', ids), ...related.map((r) => eb(r, 'in', ids))]));
    }
    if (this.spec.ownerFilter) q = this.spec.ownerFilter(q, caller);
    return q;
  }

  private withFilters(q: Query, filters: Record<string, unknown>, tz: string): Query {
    const { fields } = this.spec.entity;
    if (this.spec.queryFilter) q = this.spec.queryFilter(q, filters, { tz });
    for (const [key, mode] of Object.entries(this.spec.entity.filters)) {
      const derivedFilter = this.spec.derivedFilters?.[key as keyof F & string];
      if (derivedFilter) {
        const v = filters[key];
        if (v !== undefined && v !== null && v !== '') q = q.where((eb) => derivedFilter(eb, v, { tz }));
        continue;
      }
      const f = (fields as Fields)[key];
      if (!f || f.derived) continue;
      const col = `t.${key}`;
      if (mode === 'range') {
        const start = filters[`${key}Start`];
        const end = filters[`${key}End`];
        const asStored = (v: unknown, end = false) =>
          // A date-time names a whole second: the end of a range includes all of it.
          f.kind === 'datetime' ? parseDateTime(String(v), tz) + (end ? 999 : 0) : v;
        if (start !== undefined && start !== null && start !== '') q = q.where(col, '>=', asStored(start));
        if (end !== undefined && end !== null && end !== '') q = q.where(col, '<=', asStored(end, true));
        continue;
      }
      const v = filters[key];
      if (v === undefined || v === null || v === '') continue;
      if (mode === 'like')
        q = q.where(sql`lower(${sql.ref(col)})`, 'like', sql`lower(${`%${escapeLike(String(v))}%`}) escape '\\'`);
      else if (f.kind === 'bool') q = q.where(col, '=', v ? 1 : 0);
      else q = q.where(col, '=', v);
    }
    return q;
  }

  private selectRecord(q: Query, tz: string): Query {
    const computed = this.spec.computed;
    return q
      .selectAll('t')
      .select((eb) =>
        Object.entries({ ...this.names(eb), ...computed?.(eb, { tz }) }).map(([name, expr]) => expr.as(name)),
      );
  }

  private async attachLinks(db: LooseKysely, rows: Record<string, unknown>[]): Promise<void> {
    if (!this.spec.links || rows.length === 0) return;
    const ids = rows.map((r) => r.id as number);
    for (const [field, link] of Object.entries(this.spec.links) as [string, LinkSpec][]) {
      const pairs = await db
        .selectFrom(link.table)
        .select([link.ownKey, link.otherKey])
        .where(link.ownKey, 'in', ids)
        .execute();
      const byOwner = new Map<number, number[]>();
      for (const p of pairs) {
        const own = Number(p[link.ownKey]);
        byOwner.set(own, [...(byOwner.get(own) ?? []), Number(p[link.otherKey])]);
      }
      for (const r of rows) r[field] = (byOwner.get(r.id as number) ?? []).sort((a, b) => a - b);
    }
  }

  private toApi(row: Record<string, unknown>, tz: string): RecordOf<F> {
    // toApi converts every stored column the definition names into its API value: the row is the entity's record
    return toApi(this.spec.entity.fields as Fields, row, tz, this.spec.jsonFields) as RecordOf<F>;
  }

  async list(caller: Caller, query: Record<string, unknown>, tz: string): Promise<ListResult<F>> {
    const pageNo = Number(query.pageNo ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    const scope = this.scoped(this.db, caller);
    const base = this.withFilters(scope, query, tz);
    const { total, estimated } = await this.cached(base, () =>
      totalOf(
        this.db,
        { base, scope, scopeTotal: async () => (await this.cached(scope, async () => exact(scope), 'scope')).total },
        this.exactTotalLimit,
      ),
    );
    const rows = total
      ? await this.selectRecord(base, tz)
          .orderBy('t.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute()
      : [];
    await this.attachLinks(this.db, rows);
    const records = rows.map((r) => this.toApi(r, tz));
    const page: ListResult<F> = { records, total, pages: Math.ceil(total / pageSize), pageNo, pageSize };
    if (estimated) page.totalEstimated = true;
    return page;
  }

  /**
   * Totals are the expensive part of a list over many rows (a scan, where a page stops early), so a total is
   * kept for a few seconds per query, and never past a write to its table in this process.
   */
  private readonly counts = new Map<string, ListTotal & { until: number }>();
  private readonly countsInFlight = new Map<string, Promise<ListTotal>>();

  /** Drop the kept totals after a write made outside this repository (an xlsx import). */
  forgetCounts(): void {
    this.counts.clear();
  }

  /** The total `count` finds for the rows `q` selects, kept as described above. */
  private async cached(q: Query, count: () => Promise<ListTotal>, use: 'list' | 'scope' = 'list'): Promise<ListTotal> {
    const compiled = q.select('t.id').compile();
    // The table's write count is part of a list total's key: any write in this process retires it. A scope's
    // size only scales an estimate: it is kept a minute whatever is written (recounting a million rows after
    // every write would cost more than the estimate saves).
    const version = use === 'list' ? tableVersion(this.spec.table) : 'scope';
    const key = `${version}|${compiled.sql}|${JSON.stringify(compiled.parameters)}`;
    const keepMs = use === 'list' ? this.countCacheMs : this.countCacheMs && SCOPE_COUNT_CACHE_MS;
    const now = Date.now();
    const hit = this.counts.get(key);
    if (hit && hit.until > now) return hit;
    // Requests asking for the same total while it is being counted wait for that count rather than start
    // their own: a hundred clients opening a large list at once cost one scan, not a hundred.
    const pending = this.countsInFlight.get(key);
    if (pending) return pending;
    const counting = count().finally(() => this.countsInFlight.delete(key));
    if (keepMs > 0) this.countsInFlight.set(key, counting);
    const total = await counting;
    if (this.counts.size > 10_000) this.counts.clear();
    if (keepMs > 0) this.counts.set(key, { ...total, until: now + keepMs });
    return total;
  }

  private async findRow(
    db: LooseKysely,
    caller: Caller,
    id: number,
    tz: string = DEFAULT_TIME_ZONE,
  ): Promise<Record<string, unknown>> {
    const row = await this.selectRecord(this.scoped(db, caller), tz).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    await this.attachLinks(db, [row]);
    return row;
  }

  async get(caller: Caller, id: number, tz: string): Promise<RecordOf<F>> {
    return this.toApi(await this.findRow(this.db, caller, id, tz), tz);
  }

  /** The row just written, read within the caller's tenant: a new company is not yet in the caller's cached subtree. */
  private async readBack(caller: Caller, id: number, tz: string): Promise<RecordOf<F>> {
    const tenantOnly: Caller = { ...caller, scope: { ...caller.scope, orgIds: null } };
    return this.get(tenantOnly, id, tz);
  }

  /** Every reference the input sets must name a row the caller may point at (store/references.ts). */
  private async checkRefs(ctx: WriteContext, input: Record<string, unknown>): Promise<Issue[]> {
    const issues: Issue[] = [];
    for (const reference of referencesOf(this.spec)) {
      const v = input[reference.field];
      if (v === undefined || v === null) continue;
      const wanted = [...new Set([v].flat().map(Number))];
      const found = await reachableIds(ctx.trx, reference, ctx.caller, wanted);
      if (wanted.some((id) => !found.has(id))) issues.push({ field: reference.field, rule: 'validation.reference' });
    }
    return issues;
  }

  private async checkUnique(ctx: WriteContext, input: Record<string, unknown>, id: number | null): Promise<Issue[]> {
    const issues: Issue[] = [];
    for (const field of this.spec.entity.unique) {
      const v = input[field];
      if (v === undefined || v === null || v === '') continue;
      let q = ctx.trx
        .selectFrom(this.spec.table)
        .select('id')
        .where(field as string, '=', v);
      const platformWide =
        this.spec.scope === 'platform' || (this.spec.platformUnique as string[] | undefined)?.includes(field);
      if (!platformWide) q = q.where('tenantId', '=', tenantOf(ctx.caller));
      if (id !== null) q = q.where('id', '!=', id);
      if (await q.executeTakeFirst())
        issues.push({ field, rule: 'validation.duplicate', params: { value: String(v) } });
    }
    return issues;
  }

  /** The organisation a new row belongs to; it must be one the caller may act on. */
  private orgFor(ctx: WriteContext, input: Record<string, unknown>): number | null {
    const field = this.spec.orgField;
    const given = field ? input[field] : undefined;
    if (given !== undefined && given !== null) return Number(given);
    return ctx.caller.orgId === 0 ? null : ctx.caller.orgId;
  }

  private async writeLinks(ctx: WriteContext, id: number, input: Record<string, unknown>): Promise<void> {
    for (const [field, link] of Object.entries(this.spec.links ?? {}) as [string, LinkSpec][]) {
      const v = input[field];
      if (!Array.isArray(v)) continue;
      await ctx.trx.deleteFrom(link.table).where(link.ownKey, '=', id).execute();
      if (v.length)
        await ctx.trx
          .insertInto(link.table)
          .values(v.map((other) => ({ [link.ownKey]: id, [link.otherKey]: other })))
          .execute();
    }
  }

  async create(
    caller: Caller,
    input: Record<string, unknown>,
    tz: string,
    opts: { replace?: boolean } = {},
  ): Promise<RecordOf<F>> {
    const moved = await this.rebind(caller, input, tz, opts.replace === true);
    if (moved) return moved;
    const clash = await this.spec.replaces?.(this.db, caller, input);
    if (clash) {
      if (opts.replace !== true) throw new ValidationError(clash.issues, this.spec.entity.createSchema, 409);
      return this.update(caller, { ...input, id: clash.id }, tz);
    }
    const then: (() => Promise<void>)[] = [];
    const id = await this.db.transaction().execute(async (trx) => {
      const ctx: WriteContext = { caller, tz, trx };
      const issues = [...(await this.checkRefs(ctx, input)), ...(await this.checkUnique(ctx, input, null))];
      if (issues.length)
        throw new ValidationError(
          issues,
          this.spec.entity.createSchema,
          issues.every((i) => i.rule === 'validation.duplicate') ? 409 : 400,
        );
      const now = Date.now();
      const row: Record<string, unknown> = {
        ...toStore(this.spec.entity.fields as Fields, input, tz, { jsonFields: this.spec.jsonFields, mode: 'create' }),
        createTime: now,
        updateTime: now,
      };
      if (this.spec.scope !== 'platform') row.tenantId = tenantOf(caller);
      if (this.spec.scope === 'org' && this.orgColumn !== 'id') {
        const org = this.orgFor(ctx, input);
        row[this.orgColumn] = org;
        if (this.spec.orgField && (input[this.spec.orgField] === undefined || input[this.spec.orgField] === null))
          row[this.spec.orgField] = org;
      }
      await this.spec.beforeCreate?.(row, input, ctx);
      const inserted = await trx.insertInto(this.spec.table).values(row).returning('id').executeTakeFirstOrThrow();
      const newId = Number(inserted.id);
      await this.writeLinks(ctx, newId, input);
      await this.spec.afterWrite?.(newId, ctx);
      for (const listener of this.listeners.written) {
        const next = await listener(newId, ctx);
        if (next) then.push(next);
      }
      return newId;
    });
    for (const next of then) await next();
    return this.readBack(caller, id, tz);
  }

  /** See TableSpec.rebindBy: the question, or the move once confirmed; null when the device is new. */
  private async rebind(caller: Caller, input: Record<string, unknown>, tz: string, replace: boolean) {
    const key: string | undefined = this.spec.rebindBy;
    if (!key || input[key] == null) return null;
    const existing = await this.db
      .selectFrom(`${this.spec.table} as t`)
      .leftJoin('elevators as e', 'e.id', 't.elevatorId')
      .select(['t.id', 't.elevatorId', 'e.name as elevatorName'])
      .where(`t.${key}`, '=', input[key])
      .where('t.tenantId', '=', tenantOf(caller))
      .executeTakeFirst();
    if (!existing || existing.elevatorId === null || existing.elevatorId === input.elevatorId) return null;
    if (!replace)
      throw new ValidationError(
        [
          {
            field: 'elevatorId',
            rule: 'rule.boundElsewhere',
            params: { elevator: String(existing.elevatorName ?? existing.elevatorId) },
          },
        ],
        this.spec.entity.createSchema,
        409,
      );
    await this.findRow(this.db, caller, Number(existing.id)); // the device must be the caller's to move
    return this.update(caller, { ...input, id: existing.id }, tz);
  }

  /**
   * Change the fields the input names; the rest keep their stored values. An input carrying `revision` (the
   * record's revision as the caller read it) is refused with 409 error.stale when someone saved the record since,
   * so two people editing one record cannot silently overwrite each other.
   */
  async update(caller: Caller, input: Record<string, unknown>, tz: string): Promise<RecordOf<F>> {
    const id = Number(input.id);
    const then: (() => Promise<void>)[] = [];
    await this.db.transaction().execute(async (trx) => {
      const ctx: WriteContext = { caller, tz, trx };
      const existing = await this.findRow(trx, caller, id, tz);
      const readAt = Number(existing.updateTime);
      if (input.revision !== undefined && input.revision !== null && Number(input.revision) !== readAt)
        throw new HttpError(409, 'error.stale');
      const issues = [...(await this.checkRefs(ctx, input)), ...(await this.checkUnique(ctx, input, id))];
      if (issues.length)
        throw new ValidationError(
          issues,
          this.spec.entity.updateSchema,
          issues.every((i) => i.rule === 'validation.duplicate') ? 409 : 400,
        );
      const row: Record<string, unknown> = {
        ...toStore(this.spec.entity.fields as Fields, input, tz, { jsonFields: this.spec.jsonFields, mode: 'update' }),
        // strictly increasing, so two saves within one millisecond are still two versions
        updateTime: Math.max(Date.now(), readAt + 1),
      };
      if (
        this.spec.scope === 'org' &&
        this.orgColumn !== 'id' &&
        this.spec.orgField &&
        input[this.spec.orgField] != null
      )
        row[this.orgColumn] = input[this.spec.orgField];
      await this.spec.beforeUpdate?.(row, input, existing, ctx);
      // guarded by the revision read above: a save that committed in between (PostgreSQL runs them side by side)
      // leaves this one nothing to update
      const updated = await trx
        .updateTable(this.spec.table)
        .set(row)
        .where('id', '=', id)
        .where('updateTime', '=', readAt)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, 'error.stale');
      await this.writeLinks(ctx, id, input);
      await this.spec.afterWrite?.(id, ctx);
      for (const listener of this.listeners.written) {
        const next = await listener(id, ctx);
        if (next) then.push(next);
      }
    });
    for (const next of then) await next();
    return this.readBack(caller, id, tz);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const afterCommit = await this.db.transaction().execute(async (trx) => {
      const ctx: WriteContext = { caller, tz: '', trx };
      const existing = await this.findRow(trx, caller, id);
      await this.spec.beforeDelete?.(existing, ctx);
      for (const link of Object.values(this.spec.links ?? {}) as LinkSpec[])
        await trx.deleteFrom(link.table).where(link.ownKey, '=', id).execute();
      await trx.deleteFrom(this.spec.table).where('id', '=', id).execute();
      const then: (() => Promise<void>)[] = [];
      for (const listener of this.listeners.removed) {
        const next = await listener(id, ctx);
        if (next) then.push(next);
      }
      return then;
    });
    for (const next of afterCommit) await next();
  }
}
