import type { EntityDef, Fields, Issue, MessageKey, Page, RecordOf } from '@liftcloud/client';
import type {
  AliasableExpression,
  Expression,
  ExpressionBuilder,
  Kysely,
  SelectQueryBuilder,
  SqlBool,
  Transaction,
} from 'kysely';
import type { Caller } from '../services/caller.js';

// The generic repository works over any table by name; Kysely's typed API cannot follow a table chosen
// at run time, so it goes through this loose view of the store. Entity-specific code keeps Kysely<DB>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type LooseDB = Record<string, any>;
export type LooseKysely = Kysely<LooseDB>;
export type Query = SelectQueryBuilder<LooseDB, string, Record<string, unknown>>;
type EB = ExpressionBuilder<LooseDB, string>;

/** Where an id list (a user's roleIds) is kept: a link table; the ids' target is the field's, in the definition. */
export interface LinkSpec {
  table: string;
  ownKey: string;
  otherKey: string;
}

/** What a read depends on beside the row: the caller's time zone. */
export interface ReadContext {
  tz: string;
}

export interface WriteContext {
  caller: Caller;
  tz: string;
  trx: Transaction<LooseDB>;
}

/**
 * How one entity is stored: its table, how its rows are scoped, and hooks for what is particular to it.
 * Everything else (paging, filters, scoping, uniqueness, links, conversions) is shared.
 */
export interface TableSpec<F extends Fields = Fields> {
  entity: EntityDef<F>;
  table: string;
  /** platform: no tenant (tenants); tenant: one tenant's; org: also an organisation's subtree. */
  scope: 'platform' | 'tenant' | 'org';
  /** The column holding a row's organisation ('id' for companies themselves). */
  orgColumn?: string;
  /** The input field that names the organisation of a new row; else the caller's current organisation. */
  orgField?: keyof F & string;
  /**
   * Company references (of the definition) that may point anywhere in the tenant, not only at the caller's
   * organisations, and also make the row visible to that company. Other references: store/references.ts.
   */
  relatedCompanies?: (keyof F & string)[];
  /** Fields unique on the whole platform (usernames, DTU numbers); other unique fields are unique per tenant. */
  platformUnique?: (keyof F & string)[];
  links?: Partial<Record<keyof F & string, LinkSpec>>;
  jsonFields?: (keyof F & string)[];
  /**
   * SQL for the derived fields that are not names (counts, a status from dates), selected beside the row; names
   * come from the definition. `read.tz` is the caller's time zone (what "today" is).
   */
  computed?: (eb: EB, read: ReadContext) => Record<string, AliasableExpression<unknown>>;
  /**
   * Query keys beyond the definition's filters (a notice's window): the list narrowed by them. It checks its
   * own keys (400 ValidationError on a bad value).
   */
  queryFilter?: (q: Query, query: Record<string, unknown>, read: ReadContext) => Query;
  /** How a list filter on a derived field (no column) matches: the condition for the value asked for. */
  derivedFilters?: Partial<
    Record<keyof F & string, (eb: EB, value: unknown, read: ReadContext) => Expression<SqlBool>>
  >;
  beforeCreate?: (row: Record<string, unknown>, input: Record<string, unknown>, ctx: WriteContext) => Promise<void>;
  /**
   * The message key (answered 409) when a record may no longer change, its files included (a voided contract):
   * checked by the attachment routes; beforeUpdate refuses edits itself.
   */
  frozen?: (record: Record<string, unknown>) => MessageKey | null;
  beforeUpdate?: (
    row: Record<string, unknown>,
    input: Record<string, unknown>,
    existing: Record<string, unknown>,
    ctx: WriteContext,
  ) => Promise<void>;
  /** After a create or update, inside the same transaction. */
  afterWrite?: (id: number, ctx: WriteContext) => Promise<void>;
  beforeDelete?: (existing: Record<string, unknown>, ctx: WriteContext) => Promise<void>;
  /**
   * A device identified by this key (a MAC) and bound to an elevator: creating it again for another elevator
   * asks whether to move it (409 rule.boundElsewhere) and moves it when the caller confirms (replace).
   */
  rebindBy?: keyof F & string;
  /**
   * A row the new one would take the place of (an EOCD threshold of the same company and speed): creating it
   * asks to confirm (409 with the issues) and, confirmed (replace), updates that row instead.
   */
  replaces?: (
    db: LooseKysely,
    caller: Caller,
    input: Record<string, unknown>,
  ) => Promise<{ id: number; issues: Issue[] } | null>;
  /** Extra scoping beyond tenant and organisation (access tokens: the caller's own). */
  ownerFilter?: (q: Query, caller: Caller) => Query;
}

/** One page of a list, records as the API returns them. */
export type ListResult<F extends Fields = Fields> = Page<RecordOf<F>>;

/**
 * Told of every create and update, inside its transaction (the file service claims the files a record names);
 * what it returns runs after the write has committed (a repair order the write raised goes out as a live frame).
 */
export type WriteListener = (id: number, ctx: WriteContext) => Promise<(() => Promise<void>) | void>;
/**
 * Told of every delete, inside its transaction once the row is gone (the file service drops the record's
 * files); what it returns runs after the delete has committed (the files' bytes are deleted then).
 */
export type RemoveListener = (id: number, ctx: WriteContext) => Promise<(() => Promise<void>) | void>;
