import Type from 'typebox';
import { PERMISSION } from '../permissions.js';
import { maintenancePlanStatus } from '../enums.js';
import { maintenancePlanRules } from '../rules/maintenance.js';
import { defineEntity } from '../schema/entity.js';
import { L, date, enumOf, ids, int, readOnly, ref, refName, required, text } from '../schema/fields.js';

const ELEVATORS = L('电梯', 'Elevators', 'Ascensori');

/**
 * The plan's elevators: no uniqueItems in the schema, so an elevator added twice is refused by the plan's own
 * rule (rule.planElevatorDuplicate) rather than a generic "items must be unique".
 */
const planElevators = () => {
  const f = ids(ELEVATORS, 'elevator', 2000);
  return {
    ...f,
    schema: {
      ...Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 2000 }),
      'x-label': ELEVATORS,
      description: ELEVATORS['en-US'],
    },
  } as typeof f;
};

/**
 * A maintenance plan (tab "plans" of /maintenanceSetting, index 327): from its start, every `cycle` days until
 * its end, one order per elevator (the plan-generation job, server/src/jobs/maintenance-plans.ts). An invalidated
 * plan cannot be restored (POST maintenancePlans/{id}/invalidate; no way back).
 */
export const maintenancePlan = defineEntity({
  name: 'maintenancePlan',
  label: L('维保计划', 'Maintenance plan', 'Piano di manutenzione'),
  path: 'maintenancePlans',
  permission: PERMISSION.maintenancePlans,
  fields: {
    name: required(text(L('计划名称', 'Name', 'Nome'), { max: 100 })),
    maintenanceTypeId: required(ref(L('维保类型', 'Maintenance type', 'Tipo di manutenzione'), 'maintenanceType')),
    maintenanceTypeName: refName(L('维保类型名称', 'Type name', 'Nome tipo'), 'maintenanceTypeId'),
    companyId: required(ref(L('维保单位', 'Maintenance company', 'Azienda di manutenzione'), 'company')),
    companyName: refName(L('维保单位名称', 'Company name', 'Nome azienda'), 'companyId'),
    elevatorIds: required(planElevators()),
    startDate: required(date(L('开始日期', 'Start', 'Inizio'))),
    endDate: required(date(L('结束日期', 'End', 'Fine'))),
    cycle: required(int(L('周期(天)', 'Cycle (days)', 'Ciclo (giorni)'))),
    status: readOnly(enumOf(L('状态', 'Status', 'Stato'), maintenancePlanStatus)),
    invalidReason: readOnly(text(L('作废原因', 'Invalid reason', 'Motivo annullamento'), { max: 500 })),
  },
  filters: { name: 'like', companyId: 'eq', maintenanceTypeId: 'eq', status: 'eq' },
  refine: (input) =>
    maintenancePlanRules({
      elevatorIds: input.elevatorIds,
      startDate: input.startDate,
      endDate: input.endDate,
      cycle: input.cycle,
    }),
});

export const MAINTENANCE_PLAN_STATUS = { active: 1, invalid: 2 } as const;
