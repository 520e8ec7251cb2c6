import type { TSchema } from 'typebox';
import type { Language, Localized } from '../i18n/languages.js';

/**
 * A schema's nodes by path, apart from validate.ts: a list screen labels its columns with fieldLabel and
 * must not pull in TypeBox's compiler with it (the console's route chunks, docs/console-chunks.md).
 */
export type SchemaNode = TSchema & {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: unknown[];
  'x-label'?: Localized;
  'x-rule'?: string;
  'x-required'?: boolean;
  'x-exact-length'?: number;
};

export function nodeAt(schema: SchemaNode, path: string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema;
  for (const part of path) {
    if (!node) return undefined;
    node = node.properties?.[part] ?? (/^\d+$/.test(part) ? node.items : undefined);
  }
  return node;
}

/** The label of a field in a schema, for messages; the raw name when the schema has none. */
export function fieldLabel(schema: TSchema, field: string, language: Language): string {
  if (!field) return '';
  const node = nodeAt(schema as SchemaNode, field.split('.'));
  return node?.['x-label']?.[language] ?? field;
}
