import Type, { type TSchema } from 'typebox';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../constants.js';
import type { Localized } from '../i18n/languages.js';
import type { EntityPermission, Permission } from '../permissions.js';
import type { Field } from './fields.js';
import { L } from './fields.js';

export type Fields = Record<string, Field>;
type ValueOf<F> = F extends Field<infer V> ? V : never;

type ReadableKeys<F extends Fields> = { [K in keyof F]: F[K] extends { createOnly: true } ? never : K }[keyof F];
type WritableKeys<F extends Fields> = { [K in keyof F]: F[K] extends { readOnly: true } ? never : K }[keyof F];
type RequiredKeys<F extends Fields> = { [K in keyof F]: F[K] extends { required: true } ? K : never }[keyof F];

/** A stored record as the API returns it. */
export type RecordOf<F extends Fields> = {
  id: number;
  createTime: string;
  updateTime: string;
  /** The record's revision: a PUT that carries it is refused (409) once someone else has saved the record since. */
  revision: number;
} & {
  [K in ReadableKeys<F>]: F[K] extends { required: true } ? ValueOf<F[K]> : ValueOf<F[K]> | null;
};

/** What a create accepts, and what a form edits (an update sends only the changed part: PatchOf). */
export type InputOf<F extends Fields> = { id?: number; revision?: number } & {
  [K in Extract<WritableKeys<F>, RequiredKeys<F>>]: ValueOf<F[K]>;
} & {
  [K in Exclude<WritableKeys<F>, RequiredKeys<F>>]?: ValueOf<F[K]> | null;
};

/** What a PUT accepts: the id, the revision it was read at, and only the fields to change. */
export type PatchOf<F extends Fields> = { id: number; revision?: number } & Partial<InputOf<F>>;

/** How a list filter matches: equal, contains (text), or a date-time range (two query keys, …Start and …End). */
export type FilterMode = 'eq' | 'like' | 'range';

/** A problem with one field: the catalogue rule and its parameters, localised when shown. */
export interface Issue {
  field: string;
  rule: import('../i18n/messages.js').MessageKey;
  params?: Record<string, string | number>;
}

export interface EntityOptions<F extends Fields> {
  /** Singular name used in code, the CLI (`liftctl company list`) and the dictionary of labels. */
  name: string;
  label: Localized;
  /** API path below /api, without a leading slash. */
  path: string;
  /**
   * Who may read and who may write its records, named from PERMISSION: one for both, or `{ read, write }`. The
   * server's routes, the console and the isolation tests take it from here.
   */
  permission: Permission | EntityPermission;
  fields: F;
  filters?: Partial<Record<keyof F & string, FilterMode>>;
  /**
   * The field that names a record to a person: a reference to this entity is picked by it (the console's pickers
   * search it as typed, liftctl looks a name up in it) and name fields read it. Default: `name`, where there is one.
   */
  nameField?: keyof F & string;
  /** Kept by the server (logs, records from gateways): lists and gets only, no create, update or delete. */
  readOnly?: boolean;
  /** Fields that must be unique within a tenant. */
  unique?: (keyof F & string)[];
  /**
   * Range filters limited in length (domain.md §5 Query spans): a list with both ends of such a range
   * farther apart than the span is refused, naming the end field. A span may depend on the other filters (a
   * function of the query): event records span 3 days, their power-down ones 7.
   */
  spans?: Partial<
    Record<
      keyof F & string,
      import('../rules/spans.js').SpanKind | ((query: Record<string, unknown>) => import('../rules/spans.js').SpanKind)
    >
  >;
  /** Rules across fields (two passwords, at least one of two codes), run after the schema check. */
  refine?: (input: Partial<InputOf<F>>) => Issue[];
  /**
   * Files a record may carry (name, upload time, uploader listed beside it): their types and size, usually a
   * limit of UPLOAD_LIMITS. The server adds the attachment routes, the console and liftctl their commands.
   */
  attachments?: import('../files/types.js').UploadLimit;
}

export interface EntityDef<F extends Fields = Fields> extends EntityOptions<F> {
  permission: EntityPermission;
  nameField?: keyof F & string;
  filters: Partial<Record<keyof F & string, FilterMode>>;
  unique: (keyof F & string)[];
  /** A record as returned by get and list. */
  recordSchema: TSchema;
  createSchema: TSchema;
  /** A whole record as an edit form holds it: what forms and `liftctl update` check before sending a patch. */
  updateSchema: TSchema;
  /**
   * What PUT accepts: the id, optionally the revision the caller read, and any writable fields (a required one
   * may be left out but not emptied). Fields left out keep their stored values.
   */
  patchSchema: TSchema;
  querySchema: TSchema;
  /** Columns of an xlsx import or export: the writable fields, in definition order. */
  columns: { key: keyof F & string; label: Localized }[];
}

const ID_LABEL = L('编号', 'ID', 'ID');
const CREATE_TIME_LABEL = L('创建时间', 'Created', 'Creato');
const UPDATE_TIME_LABEL = L('更新时间', 'Updated', 'Aggiornato');
const REVISION_LABEL = L('修订号', 'Revision', 'Revisione');
export const PAGE_NO_LABEL = L('页码', 'Page number', 'Numero di pagina');
export const PAGE_SIZE_LABEL = L('每页条数', 'Page size', 'Dimensione pagina');

const labelled = (schema: TSchema, label: Localized): TSchema =>
  ({ ...schema, 'x-label': label, description: label['en-US'] }) as TSchema;

/** A schema that also accepts null: optional fields are null when empty. */
export function nullable(schema: TSchema): TSchema {
  const s = schema as TSchema & { type?: string; enum?: unknown[] };
  return { ...s, type: [s.type, 'null'], ...(s.enum ? { enum: [...s.enum, null] } : {}) } as TSchema;
}

/** Required text must hold at least one character: '' reads as empty, as a form shows it. */
function requiredSchema(f: Field): TSchema {
  const s = f.schema as TSchema & { minLength?: number };
  if (f.kind === 'text' || f.kind === 'secret' || f.kind === 'datetime' || f.kind === 'date')
    return { ...s, minLength: Math.max(1, s.minLength ?? 1), 'x-required': true } as TSchema;
  return s;
}

const idSchema = () => labelled(Type.Integer({ minimum: 1, maximum: 2147483647 }), ID_LABEL);
const revisionSchema = () => labelled(Type.Integer({ minimum: 0 }), REVISION_LABEL);

function buildQuerySchema(fields: Fields, filters: Record<string, FilterMode | undefined>): TSchema {
  const props: Record<string, TSchema> = {
    pageNo: Type.Optional(labelled(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }), PAGE_NO_LABEL)),
    pageSize: Type.Optional(
      labelled(
        {
          type: 'integer',
          enum: [...PAGE_SIZES],
          default: DEFAULT_PAGE_SIZE,
          'x-rule': 'pageSize',
        } as unknown as TSchema,
        PAGE_SIZE_LABEL,
      ),
    ),
  };
  for (const [key, mode] of Object.entries(filters)) {
    const f = fields[key];
    if (!f || !mode) continue;
    if (mode === 'range') {
      props[`${key}Start`] = Type.Optional(f.schema);
      props[`${key}End`] = Type.Optional(f.schema);
    } else {
      props[key] = Type.Optional(f.schema);
    }
  }
  // Unknown query parameters (cache busters) are ignored rather than refused.
  return Type.Object(props, { additionalProperties: true });
}

const readWrite = (p: Permission | EntityPermission): EntityPermission =>
  typeof p === 'object' && 'read' in p ? p : { read: p, write: p };

/**
 * One definition per entity: from the fields come the record, create, update and list-query schemas (server
 * validation, OpenAPI, forms) and the import/export columns, so adding an entity is one file here.
 */
/** Keys every record has beside its fields. */
const RECORD_KEYS = ['id', 'createTime', 'updateTime', 'revision'];

export function defineEntity<F extends Fields>(opts: EntityOptions<F>): EntityDef<F> {
  const fields = opts.fields as Fields;
  const clash = Object.keys(fields).find((key) => RECORD_KEYS.includes(key));
  if (clash) throw new Error(`${opts.name}: '${clash}' is a key every record has; name the field otherwise`);
  for (const [key, f] of Object.entries(fields))
    if (f.nameOf !== undefined && fields[f.nameOf]?.kind !== 'ref')
      throw new Error(`${opts.name}.${key}: nameOf '${f.nameOf}' is not a reference of the entity`);
  const filters = (opts.filters ?? {}) as Record<string, FilterMode | undefined>;
  const def = {
    ...opts,
    permission: readWrite(opts.permission),
    nameField: opts.nameField ?? ('name' in fields ? ('name' as keyof F & string) : undefined),
    filters: opts.filters ?? {},
    unique: opts.unique ?? [],
    columns: Object.entries(fields)
      .filter(([, f]) => !f.readOnly)
      .map(([key, f]) => ({ key: key as keyof F & string, label: f.label })),
  } as EntityDef<F>;
  // The schemas are built when first read: a process that loads every definition (liftctl, the console's
  // boot) reads a few of them, and building them all was a third of a CLI server call's start (B7).
  let schemas: EntitySchemas | undefined;
  const built = () => (schemas ??= entitySchemas(fields, filters));
  for (const key of SCHEMA_KEYS)
    Object.defineProperty(def, key, { enumerable: true, configurable: true, get: () => built()[key] });
  return def;
}

const SCHEMA_KEYS = ['recordSchema', 'createSchema', 'updateSchema', 'patchSchema', 'querySchema'] as const;
type EntitySchemas = Record<(typeof SCHEMA_KEYS)[number], TSchema>;

/** An entity's record, input and query schemas, from its fields. */
function entitySchemas(fields: Fields, filters: Record<string, FilterMode | undefined>): EntitySchemas {
  const record: Record<string, TSchema> = {
    id: idSchema(),
    createTime: labelled(Type.String(), CREATE_TIME_LABEL),
    updateTime: labelled(Type.String(), UPDATE_TIME_LABEL),
    revision: revisionSchema(),
  };
  const create: Record<string, TSchema> = {};
  const update: Record<string, TSchema> = { id: idSchema(), revision: Type.Optional(revisionSchema()) };
  const patch: Record<string, TSchema> = { id: idSchema(), revision: Type.Optional(revisionSchema()) };
  for (const [key, f] of Object.entries(fields)) {
    if (!f.createOnly) record[key] = f.required && !f.readOnly ? f.schema : Type.Optional(nullable(f.schema));
    if (f.readOnly) continue;
    const input = f.required ? requiredSchema(f) : Type.Optional(nullable(f.schema));
    create[key] = input;
    if (f.createOnly) continue;
    update[key] = input;
    patch[key] = f.required ? Type.Optional(requiredSchema(f)) : input;
  }
  return {
    // additionalProperties false: the server's serialiser drops every stored column the definition does not name.
    recordSchema: Type.Object(record, { additionalProperties: false }),
    createSchema: Type.Object({ id: Type.Optional(Type.Literal(0)), ...create }, { additionalProperties: false }),
    updateSchema: Type.Object(update, { additionalProperties: false }),
    patchSchema: Type.Object(patch, { additionalProperties: false }),
    querySchema: buildQuerySchema(fields, filters),
  };
}
