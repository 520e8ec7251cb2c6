import { defaultListFields, type EntityDef, type Field, type Fields } from '@liftcloud/client';
import { currentLanguage, t } from '../../i18n/index.js';
import type { Column } from '../../output/columns.js';
import { fieldLabel, readableFields, type Row } from './definition.js';

/** Columns a default table shows at most: id plus the first short fields; -o wide shows every field. */
const TABLE_FIELDS = 6;

/** An enum's code shown as its label in the reader's language. */
function displayOf(field: Field): ((value: unknown, row: Row) => unknown) | undefined {
  if (field.show) {
    const show = field.show;
    return (value, row) => show(value, currentLanguage(), row);
  }
  if (!field.enumDef) return undefined;
  const options = field.enumDef.options;
  return (value) => options.find((o) => o.code === value)?.label[currentLanguage()] ?? value;
}

function fieldColumn(key: string, field: Field): Column<Row> {
  const display = displayOf(field);
  return {
    key,
    header: fieldLabel(field),
    value: (row) => row[key],
    ...(display ? { display: (row: Row) => display(row[key], row) } : {}),
  };
}

const idColumn: Column<Row> = { key: 'id', header: 'ID', value: (row) => row.id };

export function tableColumns(def: EntityDef<Fields>): Column<Row>[] {
  const keys = defaultListFields(def, TABLE_FIELDS);
  return [idColumn, ...keys.map((key) => fieldColumn(key, def.fields[key] as Field))];
}

export function wideColumns(def: EntityDef<Fields>): Column<Row>[] {
  return [
    idColumn,
    ...readableFields(def).map(([key, f]) => fieldColumn(key, f)),
    { key: 'createTime', header: t('col.createTime'), value: (row) => row.createTime },
    { key: 'updateTime', header: t('col.updateTime'), value: (row) => row.updateTime },
  ];
}

/** Export columns: id and the import/export columns of the definition, headed by their labels. */
export function exportColumns(def: EntityDef<Fields>): Column<Row>[] {
  return [idColumn, ...def.columns.map((c) => fieldColumn(c.key, def.fields[c.key] as Field))];
}
