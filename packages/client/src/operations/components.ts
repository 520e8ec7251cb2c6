import Type, { type TSchema } from 'typebox';
import { L, type Field } from '../schema/fields.js';

/**
 * The keyword that names a schema for OpenAPI: the server's document lists a named schema once under
 * components.schemas and points every use of it there with $ref, so an SDK generated from the document has
 * one type per entity record, body and answer. Validation ignores it.
 */
export const COMPONENT_KEYWORD = 'x-component';

/** The schema, named `name` in the OpenAPI document's components. */
export function named<T extends TSchema>(name: string, schema: T): T {
  return { ...schema, [COMPONENT_KEYWORD]: name };
}

/** A schema with its label in three languages (`x-label`): field messages name the field with it. */
export const labelled = <T extends TSchema>(schema: T, zh: string, en: string, it: string): T => ({
  ...schema,
  'x-label': L(zh, en, it),
  description: en,
});

/** An entity field's schema, typed by the field's value: a body can reuse a field's rules and label. */
export const fieldSchema = <V>(field: Field<V>) => Type.Unsafe<V>(field.schema);

/** The name a schema was given with named(), if any. */
export function componentName(schema: unknown): string | undefined {
  const name = (schema as Record<string, unknown> | null)?.[COMPONENT_KEYWORD];
  return typeof name === 'string' ? name : undefined;
}

/** A table list (console-shell.md §7): one page of records, the total and the page count. */
export function pageOf<R extends TSchema>(record: R) {
  const page = Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    /** true when total is an estimate (past the server's exact-count limit), rounded to two significant figures */
    totalEstimated: Type.Optional(Type.Boolean()),
    pages: Type.Integer(),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
  });
  const name = componentName(record);
  return name ? named(`${name}Page`, page) : page;
}

/** A notice list (the console's polls): list and total. */
export function noticeListOf<R extends TSchema>(entry: R) {
  return Type.Object({ list: Type.Array(entry), total: Type.Integer() });
}

/** What an answer without data holds. */
export const NoData = Type.Null();

/** `:id` of a path: a record's id. */
export const IdParams = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    'x-label': { 'zh-CN': '编号', 'en-US': 'ID', 'it-Italy': 'ID' },
  }),
});

/** A file sent as multipart/form-data (the field `file`): described in OpenAPI, sent by the client as FormData. */
export function fileForm(label: Record<'zh-CN' | 'en-US' | 'it-Italy', string>) {
  return Type.Unsafe<FormData>(
    Type.Object({ file: Type.String({ format: 'binary', 'x-label': label, description: label['en-US'] }) }),
  );
}

/** What a download resolves to: the file's bytes and the name the server gave it. */
export interface Download {
  blob: Blob;
  fileName: string | null;
}

/** The answer of an operation that `produces` a file. */
export const fileAnswer = () => Type.Unsafe<Download>(Type.String({ format: 'binary' }));
