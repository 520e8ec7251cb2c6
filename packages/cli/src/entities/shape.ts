import type { EnumDef, FieldKind, FilterMode, Localized, UploadLimit } from '@liftcloud/client';

/** What liftctl reads of a field to name it in options and columns: the same keys as the client's Field. */
export interface ShapeField {
  kind: FieldKind;
  label: Localized;
  enumDef?: EnumDef;
  /** Accepted on create only, never returned (a password): no column. */
  createOnly?: boolean;
}

/**
 * What an entity command needs to start, list and get without the client's schemas (TypeBox): the entity
 * definition's path, labels, filters and columns. Generated per entity into shapes/ by
 * scripts/generate-manifest.mjs through shapeOf (shape-of.ts); the definition stays the one source and
 * test/entity-shapes.test.ts fails when a generated shape no longer equals what its definition says.
 */
export interface EntityShape {
  /** The key in ENTITIES. */
  name: string;
  label: Localized;
  /** API path below /api. */
  path: string;
  readOnly: boolean;
  attachments?: UploadLimit;
  filters: Partial<Record<string, FilterMode>>;
  fields: Record<string, ShapeField>;
  /** The fields a default table shows (the client's defaultListFields). */
  tableFields: readonly string[];
  /** Fields whose values the definition shows through a function (an event's kind): a table loads it for them. */
  shown: readonly string[];
  /** The list query when no flag sets a value: the defaults of the definition's query schema. */
  queryDefaults: Record<string, string | number | boolean>;
  /** The page number's bounds in the query schema. */
  pageNo: { minimum: number; maximum: number };
}

/** Columns a default table shows at most: id plus the first short fields; -o wide shows every field. */
export const TABLE_FIELDS = 6;
