import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import i18next from 'i18next';
import { enumLabel, fieldLabel, type EntityDef, type Language } from '@liftcloud/client';
import { pickableTarget } from '../options/refTarget';
import { RefNames } from '../options/RefNames';

export type Row = Record<string, unknown> & { id: number };

/**
 * Table columns for some of an entity's fields, titled with their labels; enums and booleans read as text, references
 * and id lists as the names of the records they point at.
 */
export function fieldColumns(entity: EntityDef, keys: readonly string[], language: Language): ColumnType<Row>[] {
  return keys.map((key) => {
    const field = entity.fields[key];
    // id, createTime and updateTime are not fields of the definition but are labelled in its record schema
    const title = field?.label[language] ?? fieldLabel(entity.recordSchema, key, language);
    const column: ColumnType<Row> = { key, dataIndex: key, title, ellipsis: true };
    if (field?.show) {
      const show = field.show;
      column.render = (value: unknown, row: Row) => show(value, language, row);
    } else if (field?.kind === 'enum' && field.enumDef) {
      const def = field.enumDef;
      column.render = (value: number | null) => enumLabel(def, value, language);
    } else if (field?.kind === 'bool') {
      column.render = (value: boolean | null) =>
        value == null ? (
          ''
        ) : (
          <Tag color={value ? 'blue' : 'default'}>{i18next.t(value ? 'common.yes' : 'common.no')}</Tag>
        );
    } else if ((field?.kind === 'ref' || field?.kind === 'ids') && pickableTarget(field)) {
      const target = pickableTarget(field)!;
      column.render = (value: number | number[] | null) => <RefNames entity={target} ids={[value ?? []].flat()} />;
    } else if (field?.kind === 'ids') {
      column.render = (value: number[] | null) => (value ?? []).join(', ');
    }
    return column;
  });
}
