import { defaultListFields, type EntityDef, type Field, type Fields } from '@liftcloud/client';
import { TABLE_FIELDS, type EntityShape, type ShapeField } from '../../entities/shape.js';
import { currentLanguage, t } from '../../i18n/index.js';
import type { Column } from '../../output/columns.js';
import { fieldLabel, readableFields, type Row } from './labels.js';

/** Columns come from an entity's definition, or from its shape (an entity's start path). */
export type ColumnSource = EntityDef<Fields> | EntityShape;
/** How the definition shows a field's value, for the fields a shape names in `shown`. */
export type Shows = Partial<Record<string, NonNullable<Field['show']>>>;
type ColumnField = ShapeField & Pick<Field, 'show'>;

/**
 * An enum's code shown as its label in the reader's language, a yes/no field as a word; a value the definition
 * shows, as it shows it.
 */
function displayOf(field: ColumnField): ((value: unknown, row: Row) => unknown) | undefined {
  if (field.show) {
    const show = field.show;
    return (value, row) => show(value, currentLanguage(), row);
  }
  // a yes/no field in words (tables only: json and csv keep true and false)
  if (field.kind === 'bool')
    return (value) => (value === true ? t('value.yes') : value === false ? t('value.no') : value);
  if (!field.enumDef) return undefined;
  const options = field.enumDef.options;
  return (value) => options.find((o) => o.code === value)?.label[currentLanguage()] ?? value;
}

function fieldColumn(key: string, field: ColumnField): Column<Row> {
  const display = displayOf(field);
  return {
    key,
    header: fieldLabel(field),
    value: (row) => row[key],
    ...(display ? { display: (row: Row) => display(row[key], row) } : {}),
  };
}

const idColumn: Column<Row> = { key: 'id', header: 'ID', value: (row) => row.id };

const withShow = (key: string, field: ColumnField, shows: Shows): ColumnField => {
  const show = shows[key];
  return show ? { ...field, show } : field;
};

export function tableColumns(def: ColumnSource, shows: Shows = {}): Column<Row>[] {
  const keys = 'tableFields' in def ? def.tableFields : defaultListFields(def, TABLE_FIELDS);
  return [idColumn, ...keys.map((key) => fieldColumn(key, withShow(key, def.fields[key] as ColumnField, shows)))];
}

export function wideColumns(def: ColumnSource, shows: Shows = {}): Column<Row>[] {
  return [
    idColumn,
    ...readableFields<ColumnField>(def).map(([key, f]) => fieldColumn(key, withShow(key, f, shows))),
    { key: 'createTime', header: t('col.createTime'), value: (row) => row.createTime },
    { key: 'updateTime', header: t('col.updateTime'), value: (row) => row.updateTime },
  ];
}

/**
 * The functions a shape's table needs from the definition (an event's kind shown as words): none for most
 * entities, so their tables load no schema.
 */
export async function showsOf(shape: EntityShape): Promise<Shows> {
  if (shape.shown.length === 0) return {};
  const def = (await import('./definition.js')).entityDef(shape.name);
  return Object.fromEntries(shape.shown.map((key) => [key, def.fields[key]?.show]));
}

/** Export columns: id and the import/export columns of the definition, headed by their labels. */
export function exportColumns(def: EntityDef<Fields>): Column<Row>[] {
  return [idColumn, ...def.columns.map((c) => fieldColumn(c.key, def.fields[c.key] as Field))];
}
