import Type, { type TSchema } from 'typebox';
import type { EnumDef } from '../enums.js';
import type { Language, Localized } from '../i18n/languages.js';
import type { FormatRule } from '../rules/formats.js';
import * as formats from '../rules/formats.js';

/** What a field holds, which decides how the store keeps it and how a form or a spreadsheet shows it. */
export type FieldKind = 'text' | 'int' | 'number' | 'bool' | 'enum' | 'datetime' | 'date' | 'ref' | 'ids' | 'secret';

/** One field of an entity: its JSON Schema (never null; nullability is added where the field is optional). */
export interface Field<V = unknown> {
  kind: FieldKind;
  label: Localized;
  schema: TSchema;
  required: boolean;
  /** Computed or kept by the server: in records, never accepted in input. */
  readOnly: boolean;
  /** Accepted on create only, never returned (a password). */
  createOnly: boolean;
  enumDef?: EnumDef;
  /** A reference or id list: the entity (its key in ENTITIES) whose records the ids name. */
  target?: string;
  /**
   * Read, never stored: a name read through a reference (`nameOf`) or a figure the server computes when it reads
   * the record (a count). The store check knows from this which fields need no column.
   */
  derived?: boolean;
  /** The reference field whose record's name this field shows (`companyName` through `companyId`). */
  nameOf?: string;
  /** A number field's most decimals (the spec's float rule: 2; coordinates 6). */
  decimals?: number;
  /**
   * How a stored value reads for a person, when it is a code or structured text (an event's kind, its details
   * as JSON): the console's columns and liftctl's tables use it; JSON output keeps the value as stored.
   */
  show?: (value: unknown, language: Language, record?: Record<string, unknown>) => string;
  /** Phantom: the TypeScript type of the value. */
  readonly _value?: V;
}

// L lives with the languages: the menu (in the console's boot) uses it without the field builders' TypeBox
export { L } from '../i18n/languages.js';

function field<V>(kind: FieldKind, label: Localized, schema: TSchema, extra: Partial<Field<V>> = {}): Field<V> {
  return {
    kind,
    label,
    schema: { ...schema, 'x-label': label, description: label['en-US'] } as TSchema,
    required: false,
    readOnly: false,
    createOnly: false,
    ...extra,
  };
}

export interface TextOptions {
  max: number;
  min?: number;
  /** Exact length, for codes such as a MAC address or parts id. */
  length?: number;
  rule?: FormatRule;
}

export function text(label: Localized, opts: TextOptions): Field<string> {
  const min = opts.length ?? opts.min;
  const max = opts.length ?? opts.max;
  return field('text', label, {
    ...Type.String({ maxLength: max }),
    ...(min !== undefined ? { minLength: min } : {}),
    ...(opts.length !== undefined ? { 'x-exact-length': opts.length } : {}),
    ...(opts.rule ? { format: opts.rule.format } : {}),
  } as TSchema);
}

export interface NumberOptions {
  min?: number;
  max?: number;
  /** Strictly greater than. */
  above?: number;
}

function numberSchema(base: TSchema, opts: NumberOptions): TSchema {
  return {
    ...base,
    ...(opts.min !== undefined ? { minimum: opts.min } : {}),
    ...(opts.max !== undefined ? { maximum: opts.max } : {}),
    ...(opts.above !== undefined ? { exclusiveMinimum: opts.above } : {}),
  } as TSchema;
}

export const int = (label: Localized, opts: NumberOptions = {}): Field<number> =>
  field('int', label, numberSchema(Type.Integer(), { min: -2147483648, max: 2147483647, ...opts }));

/**
 * A decimal number: at most 2 decimals (console-shell.md §4's float rule) unless `decimals` says otherwise
 * (coordinates keep 6).
 */
export const num = (label: Localized, opts: NumberOptions & { decimals?: number } = {}): Field<number> => {
  const { decimals = 2, ...range } = opts;
  return field('number', label, numberSchema(Type.Number(), { min: -1e15, max: 1e15, ...range }), { decimals });
};

export const bool = (label: Localized): Field<boolean> => field('bool', label, Type.Boolean());

export function enumOf<C extends number>(label: Localized, def: EnumDef<C>): Field<C> {
  // An integer with an enum keyword, so query strings convert to numbers before the enum check.
  return field<C>('enum', label, { type: 'integer', enum: def.options.map((o) => o.code) } as unknown as TSchema, {
    enumDef: def,
  });
}

/** yyyy-MM-dd HH:mm:ss in the caller's time zone; stored as epoch milliseconds. */
export const datetime = (label: Localized): Field<string> & { kind: 'datetime' } =>
  field('datetime', label, Type.String({ format: formats.dateTime.format, maxLength: 19 })) as Field<string> & {
    kind: 'datetime';
  };

/** A calendar date yyyy-MM-dd with no time zone (ex-factory date, contract start). */
export const date = (label: Localized): Field<string> =>
  field('date', label, Type.String({ format: formats.calendarDate.format, maxLength: 10 }));

/**
 * The id of a record of `target` (an entity name: 'company'): the server checks it is the caller's tenant's, reads
 * names through it, and the console and liftctl pick it by the target's name.
 */
export const ref = (label: Localized, target: string): Field<number> =>
  field('ref', label, Type.Integer({ minimum: 1, maximum: 2147483647 }), { target });

const idList = (maxItems: number) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems, uniqueItems: true });

/** A set of ids of `target` records (a user's roles), checked and picked like a reference. */
export const ids = (label: Localized, target: string, maxItems = 200): Field<number[]> & { target: string } =>
  field('ids', label, idList(maxItems), { target }) as Field<number[]> & { target: string };

/** A set of whole numbers that name no records (a role's permission indexes). */
export const numberList = (label: Localized, maxItems = 200): Field<number[]> => field('ids', label, idList(maxItems));

/**
 * The name of the record the reference `refKey` of the same entity points at (`companyName` through `companyId`),
 * read through the reference: never stored, never accepted.
 */
export const refName = (
  label: Localized,
  refKey: string,
  max = 100,
): Field<string> & { readOnly: true; derived: true } => ({
  ...field<string>('text', label, Type.String({ maxLength: max }), { nameOf: refKey }),
  readOnly: true,
  derived: true,
});

/** A figure the server computes when it reads the record (a count): never stored, never accepted. */
export const derived = <F extends Field>(f: F): F & { readOnly: true; derived: true } => ({
  ...f,
  readOnly: true,
  derived: true,
});

/** Write-once secret: accepted on create, stored hashed, never returned. */
export const secret = (label: Localized, rule: FormatRule): Field<string> & { createOnly: true } =>
  field('secret', label, Type.String({ format: rule.format, maxLength: 64 }), { createOnly: true }) as Field<string> & {
    createOnly: true;
  };

// generic over the whole field, so what a builder says of it (a date-time, a target) survives the wrapping
export const required = <F extends Field>(f: F): F & { required: true } => ({ ...f, required: true });
export const readOnly = <F extends Field>(f: F): F & { readOnly: true } => ({ ...f, readOnly: true });
