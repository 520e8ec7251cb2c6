import { defaultListFields, parseQuery, type EntityDef, type Fields } from '@liftcloud/client';
import { TABLE_FIELDS, type EntityShape, type ShapeField } from './shape.js';

/**
 * An entity definition's shape: what the generator writes into shapes/, what the test compares them with, and
 * what an entity newer than the generated files is started from (loading the client).
 */
export function shapeOf(def: EntityDef<Fields>): EntityShape {
  const fields: Record<string, ShapeField> = {};
  for (const [key, f] of Object.entries(def.fields))
    fields[key] = {
      kind: f.kind,
      label: f.label,
      ...(f.enumDef ? { enumDef: { name: f.enumDef.name, options: f.enumDef.options } } : {}),
      ...(f.createOnly ? { createOnly: true } : {}),
    };
  const filters = Object.fromEntries(Object.entries(def.filters).filter(([key, mode]) => mode && def.fields[key]));
  const pageNo = (def.querySchema as { properties: { pageNo: { minimum: number; maximum: number } } }).properties
    .pageNo;
  return {
    name: def.name,
    label: def.label,
    path: def.path,
    readOnly: def.readOnly === true,
    ...(def.attachments ? { attachments: def.attachments } : {}),
    filters,
    fields,
    tableFields: defaultListFields(def, TABLE_FIELDS),
    shown: Object.entries(def.fields)
      .filter(([, f]) => f.show)
      .map(([key]) => key),
    queryDefaults: parseQuery(def.querySchema, {}).value as EntityShape['queryDefaults'],
    pageNo: { minimum: pageNo.minimum, maximum: pageNo.maximum },
  };
}
