import Type from 'typebox';
import { PERMISSION } from '../permissions.js';
import { elevatorType, maintenanceArea, maintenanceClassification } from '../enums.js';
import type { Localized } from '../i18n/languages.js';
import { maintenanceTypeRules } from '../rules/maintenance.js';
import { defineEntity } from '../schema/entity.js';
import { L, enumOf, required, text, type Field } from '../schema/fields.js';

/** One item of a maintenance type: what to check, how, and where. */
export interface MaintenanceItem {
  name: string;
  content: string;
  requirement: string;
  /** maintenanceArea: machine room, car, floor, shaft and pit, escalator, other. */
  area: number;
}

const labelled = (schema: object, label: Localized) => ({ ...schema, 'x-label': label, description: label['en-US'] });

export const MAINTENANCE_ITEM_LABELS = {
  name: L('项目名称', 'Item name', 'Nome voce'),
  content: L('维保内容', 'Content', 'Contenuto'),
  requirement: L('维保要求', 'Requirement', 'Requisito'),
  area: L('区域', 'Area', 'Area'),
} as const;

/**
 * A list of objects kept as JSON in one column (the table lists it in jsonFields). The schema bounds each part;
 * the required ones are the entity's refine rules, so their message names the item.
 */
export function jsonList<T>(label: Localized, item: object, maxItems: number): Field<T[]> {
  return {
    ...text(label, { max: 1_000_000 }),
    schema: { ...Type.Array(item as never, { maxItems }), 'x-label': label, description: label['en-US'] },
  } as Field<T[]>;
}

const itemSchema = Type.Object(
  {
    name: labelled(Type.String({ maxLength: 100 }), MAINTENANCE_ITEM_LABELS.name),
    content: labelled(Type.String({ maxLength: 500 }), MAINTENANCE_ITEM_LABELS.content),
    requirement: labelled(Type.String({ maxLength: 500 }), MAINTENANCE_ITEM_LABELS.requirement),
    area: labelled({ type: 'integer', enum: maintenanceArea.options.map((o) => o.code) }, MAINTENANCE_ITEM_LABELS.area),
  },
  { additionalProperties: false },
);

/** A maintenance type (tab "types" of /maintenanceSetting, index 326): its classification and its checklist. */
export const maintenanceType = defineEntity({
  name: 'maintenanceType',
  label: L('维保类型', 'Maintenance type', 'Tipo di manutenzione'),
  path: 'maintenanceTypes',
  permission: { read: [PERMISSION.maintenanceTypes, PERMISSION.maintenanceOrders], write: PERMISSION.maintenanceTypes },
  fields: {
    name: required(text(L('类型名称', 'Name', 'Nome'), { max: 50 })),
    elevatorType: required(enumOf(L('电梯类型', 'Elevator type', 'Tipo di ascensore'), elevatorType)),
    classification: required(enumOf(L('维保分类', 'Classification', 'Classificazione'), maintenanceClassification)),
    items: required(jsonList<MaintenanceItem>(L('维保项', 'Items', 'Voci'), itemSchema, 200)),
  },
  filters: { name: 'like', elevatorType: 'eq', classification: 'eq' },
  refine: (input) =>
    maintenanceTypeRules({
      name: input.name,
      elevatorType: input.elevatorType,
      classification: input.classification,
      items: input.items,
    }),
});
