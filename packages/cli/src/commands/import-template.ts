import '../client-messages.js';
import {
  ENTITIES,
  formatRule,
  translate,
  type Field,
  type Fields,
  type ImportableEntity,
  type Language,
} from '@liftcloud/client';
import { t } from '../i18n/index.js';

/** One column of an import template: the header the server reads, whether it must be there, its rule and example. */
export interface TemplateColumn {
  key: string;
  header: string;
  required: boolean;
  rule: string;
  example: string | number | null;
}

/**
 * Example values of each importable entity's main columns (the rest stay empty in the example row). They pass
 * the same rules a real row does (test: the template of an elevator or gateway imports with --dry-run);
 * references name ids, which the reader replaces with their own.
 */
const EXAMPLES: Record<ImportableEntity, Record<string, string | number>> = {
  netApply: {
    elevatorName: 'Harbour Mall lift 1',
    registerCode: '31103101002026000001',
    factoryNo: 'F2026-0001',
    dtuCode: '86100000001',
    useUnitName: 'Harbour Mall',
  },
  elevator: {
    name: 'Harbour Mall lift 1',
    factoryNo: 'F2026-0001',
    ratedSpeed: 1.75,
    ratedLoad: 1000,
    floors: 12,
  },
  gatewayDevice: {
    dtuCode: '86100000001',
    deviceModel: 'LC-DTU-4G',
    simCode: '1440012345678',
    softVer: '2.1.0',
  },
  maintenancePlan: {
    name: 'Harbour Mall half-monthly',
    maintenanceTypeId: 1,
    companyId: 1,
    elevatorIds: '1,2',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    cycle: 15,
  },
};

type Schema = { maxLength?: number; minLength?: number; minimum?: number; maximum?: number; format?: string };

/** What a cell of this field must hold, in the reader's language. */
function ruleOf(f: Field, language: Language): string {
  const s = f.schema as Schema;
  const label = f.label[language];
  const parts: string[] = [];
  switch (f.kind) {
    case 'enum':
      parts.push(
        t('template.enum', {
          options: (f.enumDef?.options ?? []).map((o) => `${o.code} ${o.label[language]}`).join(', '),
        }),
      );
      break;
    case 'bool':
      parts.push(t('template.bool'));
      break;
    case 'date':
      parts.push(t('template.date'));
      break;
    case 'datetime':
      parts.push(t('template.datetime'));
      break;
    case 'ref':
      parts.push(t('template.ref', { target: targetLabel(f, language) }));
      break;
    case 'ids':
      parts.push(t('template.ids', { target: targetLabel(f, language) }));
      break;
    case 'int':
    case 'number': {
      parts.push(t(f.kind === 'int' ? 'template.int' : 'template.num'));
      if (s.minimum !== undefined) parts.push(t('template.min', { min: s.minimum }));
      if (s.maximum !== undefined) parts.push(t('template.max', { max: s.maximum }));
      if (f.kind === 'number' && f.decimals !== undefined) parts.push(t('template.decimals', { decimals: f.decimals }));
      break;
    }
    default: {
      const format = s.format ? formatRule(s.format) : undefined;
      if (format) parts.push(translate(language, format.message, { ...format.params, field: label }));
      else if (s.maxLength !== undefined) parts.push(t('template.text', { max: s.maxLength }));
    }
  }
  return parts.join('; ');
}

const targetLabel = (f: Field, language: Language) =>
  (f.target && (ENTITIES as Record<string, { label: Record<Language, string> }>)[f.target]?.label[language]) ?? '';

/** The example cell of a field: the entity's example, else the first option of a required enum. */
function exampleOf(entity: ImportableEntity, key: string, f: Field, language: Language): string | number | null {
  const given = EXAMPLES[entity][key];
  if (given !== undefined) return given;
  if (f.kind === 'enum' && f.required) return f.enumDef?.options[0]?.label[language] ?? null;
  return null;
}

/** The columns of an import template: the entity's importable columns, in the definition's order. */
export function templateColumns(entity: ImportableEntity, language: Language): TemplateColumn[] {
  const def = ENTITIES[entity];
  const fields = def.fields as Fields;
  return def.columns
    .filter((c) => !fields[c.key]?.createOnly)
    .map((c) => {
      const f = fields[c.key]!;
      return {
        key: c.key,
        header: c.label[language],
        required: f.required,
        rule: ruleOf(f, language),
        example: exampleOf(entity, c.key, f, language),
      };
    });
}

/**
 * The template as an .xlsx: the first sheet (the one the server reads) has the header row and one example row
 * to replace; a second sheet lists each column, whether it is required, and its rule.
 */
export async function writeTemplate(path: string, entity: ImportableEntity, language: Language): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const columns = templateColumns(entity, language);
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
  const data = [
    columns.map((c) => bold(c.header)),
    columns.map((c) => (c.example === null ? null : { value: c.example })),
  ];
  const rules = [
    [bold(t('template.col.column')), bold(t('template.col.required')), bold(t('template.col.rule'))],
    ...columns.map((c) => [
      { value: c.header },
      { value: c.required ? t('template.yes') : t('template.no') },
      { value: c.rule },
    ]),
    [],
    [{ value: t('template.note') }],
  ];
  await writeXlsxFile([
    { data, sheet: t('template.sheet.data'), columns: columns.map(() => ({ width: 22 })), stickyRowsCount: 1 },
    { data: rules, sheet: t('template.sheet.rules'), columns: [{ width: 28 }, { width: 10 }, { width: 80 }] },
  ]).toFile(path);
}
