import Type from 'typebox';
import type { Language, Localized } from '../i18n/languages.js';
import { PERMISSION } from '../permissions.js';
import { potentialFaultRules } from '../rules/records.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, int, num, readOnly, ref, refName, required, text, type Field } from '../schema/fields.js';
import { jsonList } from './maintenanceType.js';

/** One fault code a potential fault setting counts, and its weight (0 to 100: the share of one fault it counts). */
export interface PotentialFaultDetail {
  faultCode: number;
  weight: number;
}

/** What one fault code added to a potential fault's score. */
export interface PotentialFaultContribution {
  faultCode: number;
  /** Faults of this code within the period. */
  count: number;
  weight: number;
  /** count × weight / 100. */
  points: number;
}

export const POTENTIAL_FAULT_DETAIL_LABELS = {
  faultCode: L('故障代码', 'Fault code', 'Codice guasto'),
  weight: L('权重', 'Weight', 'Peso'),
} as const;

const labelled = (schema: object, label: Localized) => ({ ...schema, 'x-label': label, description: label['en-US'] });

const detailSchema = Type.Object(
  {
    faultCode: labelled(Type.Number(), POTENTIAL_FAULT_DETAIL_LABELS.faultCode),
    weight: labelled(Type.Number(), POTENTIAL_FAULT_DETAIL_LABELS.weight),
  },
  { additionalProperties: false },
);

/**
 * An elevator's score under one setting (docs/decisions.md "EOCD (issue 18)", potential faults): each fault of a
 * listed code within the period counts its weight as a percentage of one fault, so with weights of 100 the score
 * is the number of faults. `counts` maps a fault code (as the gateway sent it) to how many there were.
 */
export function scorePotentialFault(
  details: readonly PotentialFaultDetail[],
  counts: ReadonlyMap<string, number>,
): { score: number; faultCount: number; contributions: PotentialFaultContribution[] } {
  let score = 0;
  let faultCount = 0;
  const contributions: PotentialFaultContribution[] = [];
  for (const d of details) {
    const count = counts.get(String(d.faultCode)) ?? 0;
    if (count === 0) continue;
    // whole hundredths, so 3 × 33 % is 0.99 and not 0.9900000000000001
    const points = Math.round(count * d.weight) / 100;
    score += points;
    faultCount += count;
    contributions.push({ faultCode: d.faultCode, count, weight: d.weight, points });
  }
  return { score: Math.round(score * 100) / 100, faultCount, contributions };
}

const CONTRIBUTION_TEXT: Record<Language, (c: PotentialFaultContribution) => string> = {
  'zh-CN': (c) => `故障${c.faultCode}×${c.count}（权重${c.weight}）`,
  'en-US': (c) => `fault ${c.faultCode} ×${c.count} (weight ${c.weight})`,
  'it-Italy': (c) => `guasto ${c.faultCode} ×${c.count} (peso ${c.weight})`,
};

/** What contributed, as a person reads it: "fault 12 ×5 (weight 50), fault 31 ×2 (weight 100)". */
export function describeContributions(value: unknown, language: Language): string {
  let list: PotentialFaultContribution[] = [];
  try {
    list = (typeof value === 'string' ? JSON.parse(value) : value) as PotentialFaultContribution[];
  } catch {
    return String(value ?? '');
  }
  if (!Array.isArray(list)) return '';
  return list.map(CONTRIBUTION_TEXT[language]).join(language === 'zh-CN' ? '，' : ', ');
}

/** Only the rules of the fields a body carries: an update sends only what changed. */
const presentRules = (input: Record<string, unknown>) =>
  potentialFaultRules({
    warningValue: input.warningValue as number,
    statPeriod: input.statPeriod as number,
    details: input.details as PotentialFaultDetail[] | undefined,
  }).filter((i) => input[i.field.split('.')[0]!] !== undefined);

/**
 * A potential fault setting (domain.md §3, §5 Other; /potentialFaultSetting, super admin): over `statPeriod`
 * days, an elevator whose weighted count of the listed fault codes reaches `warningValue` has a potential fault
 * (jobs/potential-faults.ts). With a fault template (its name: templates are each tenant's own), only elevators
 * on a template of that name are scored (fault codes mean what their controller's template says); without, every
 * elevator. Kept in the super admin's tenant and
 * applied to every tenant's elevators.
 */
export const potentialFaultSetting = defineEntity({
  name: 'potentialFaultSetting',
  label: L('隐患故障设置', 'Potential fault setting', 'Impostazione guasto potenziale'),
  path: 'potentialFaultSettings',
  permission: PERMISSION.superAdmin,
  fields: {
    name: required(text(L('名称', 'Name', 'Nome'), { max: 100 })),
    warningValue: required(num(L('预警值', 'Warning value', 'Valore di allerta'), { max: 1_000_000, decimals: 2 })),
    statPeriod: required(int(L('统计周期(天)', 'Stat period (days)', 'Periodo statistico (giorni)'), { max: 366 })),
    note: text(L('备注', 'Note', 'Nota'), { max: 200 }),
    faultTemplate: text(L('故障模板', 'Fault template', 'Modello guasti'), { max: 100 }),
    details: required(
      jsonList<PotentialFaultDetail>(
        L('故障代码明细', 'Fault code details', 'Dettagli codici guasto'),
        detailSchema,
        100,
      ),
    ),
  },
  filters: { name: 'like' },
  unique: ['name'],
  refine: (input) => presentRules(input as Record<string, unknown>),
});

const contributionSchema = Type.Object({
  faultCode: Type.Number(),
  count: Type.Integer(),
  weight: Type.Number(),
  points: Type.Number(),
});

const contributions = (): Field<PotentialFaultContribution[]> => ({
  ...jsonList<PotentialFaultContribution>(L('构成', 'What contributed', 'Contributi'), contributionSchema, 100),
  show: (value, language) => describeContributions(value, language),
});

/**
 * A potential fault (listed on /potential, index 821): an elevator whose faults reached a setting's warning value,
 * with what contributed. One per setting and elevator while the score stays at or above the warning value (open);
 * it closes when faults leave the period and the score falls below, and a later crossing raises a new one.
 */
export const potentialFault = defineEntity({
  name: 'potentialFault',
  label: L('潜在故障', 'Potential fault', 'Guasto potenziale'),
  path: 'potentialFaults',
  permission: PERMISSION.hazardRecords,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator', 'Ascensore'), 'elevatorId'),
    settingId: required(int(L('设置', 'Setting', 'Impostazione'))),
    settingName: required(text(L('设置名称', 'Setting', 'Impostazione'), { max: 100 })),
    score: required(num(L('加权故障数', 'Weighted faults', 'Guasti ponderati'), { decimals: 2 })),
    warningValue: required(num(L('预警值', 'Warning value', 'Valore di allerta'), { decimals: 2 })),
    statPeriod: required(int(L('统计周期(天)', 'Stat period (days)', 'Periodo statistico (giorni)'))),
    faultCount: required(int(L('故障次数', 'Faults', 'Guasti'))),
    contributions: required(contributions()),
    raisedTime: required(datetime(L('产生时间', 'Raised', 'Rilevato'))),
    open: readOnly(bool(L('未解除', 'Open', 'Aperto'))),
    clearedTime: readOnly(datetime(L('解除时间', 'Cleared', 'Risolto'))),
    hazardRecordId: readOnly(ref(L('隐患记录', 'Hazard record', 'Registro rischio'), 'hazardRecord')),
  },
  filters: { elevatorId: 'eq', settingId: 'eq', open: 'eq', raisedTime: 'range' },
});
