/** Tests of rules/maintenance.ts */
import { describe, expect, it } from 'vitest';
import {
  invalidateMaintenanceOrderRules,
  maintainerRules,
  maintenanceCompanyRules,
  maintenanceOrderRules,
  maintenancePeriodRules,
  maintenancePlanRules,
  maintenanceSettingsRules,
  maintenanceTypeRules,
  elevatorMaintenanceRules,
  planIntervalRules,
} from '../../src/index.js';
import { rules } from './helpers.js';

describe('maintenance', () => {
  it('maintainers: at least one, none twice', () => {
    expect(maintainerRules([1, 2])).toEqual([]);
    expect(maintainerRules([])).toEqual([{ field: 'maintainerIds', rule: 'rule.maintainersRequired' }]);
    expect(maintainerRules(null)[0]?.rule).toBe('rule.maintainersRequired');
    expect(maintainerRules([3, 4, 3])).toEqual([{ field: 'maintainerIds', rule: 'rule.maintainerDuplicate' }]);
    expect(maintainerRules([7, '7'])[0]?.rule).toBe('rule.maintainerDuplicate');
    expect(maintainerRules(['7', ' 7'], 'workers')[0]).toEqual({ field: 'workers', rule: 'rule.maintainerDuplicate' });
  });

  it('maintenance company chosen; period a whole number above 0', () => {
    expect(maintenanceCompanyRules(5)).toEqual([]);
    expect(maintenanceCompanyRules(null)).toEqual([
      { field: 'maintenanceCompanyId', rule: 'rule.maintenanceCompanyRequired' },
    ]);
    expect(maintenancePeriodRules(15)).toEqual([]);
    expect(maintenancePeriodRules('15')).toEqual([]);
    expect(rules(maintenancePeriodRules(0))).toEqual({ maintenancePeriod: 'validation.exclusiveMinimum' });
    expect(rules(maintenancePeriodRules(-3))).toEqual({ maintenancePeriod: 'validation.exclusiveMinimum' });
    expect(rules(maintenancePeriodRules(''))).toEqual({ maintenancePeriod: 'validation.required' });
    expect(rules(maintenancePeriodRules('abc'))).toEqual({ maintenancePeriod: 'validation.type' });
    expect(rules(maintenancePeriodRules(1.5))).toEqual({ maintenancePeriod: 'validation.type' });
  });

  const settings = {
    autoSendDay: 0,
    cycle: 15,
    distance: 500,
  };

  it('settings: a good set passes, including auto-send day 0 (no auto-send) and the bounds', () => {
    expect(maintenanceSettingsRules(settings)).toEqual([]);
    expect(maintenanceSettingsRules({ ...settings, autoSendDay: 7, cycle: 90 })).toEqual([]);
  });

  it('settings: auto-send day 0..7, cycle 1..90, distance above 0', () => {
    expect(rules(maintenanceSettingsRules({ ...settings, autoSendDay: 8 }))).toEqual({
      autoSendDay: 'rule.autoSendDay',
    });
    expect(rules(maintenanceSettingsRules({ ...settings, autoSendDay: -1 }))).toEqual({
      autoSendDay: 'rule.autoSendDay',
    });
    expect(rules(maintenanceSettingsRules({ ...settings, autoSendDay: null }))).toEqual({
      autoSendDay: 'validation.required',
    });
    expect(rules(maintenanceSettingsRules({ ...settings, cycle: 0 }))).toEqual({ cycle: 'rule.maintenanceCycle' });
    expect(rules(maintenanceSettingsRules({ ...settings, cycle: 91 }))).toEqual({ cycle: 'rule.maintenanceCycle' });
    expect(rules(maintenanceSettingsRules({ ...settings, distance: 0 }))).toEqual({
      distance: 'validation.exclusiveMinimum',
    });
  });

  it("plan interval: a plan's cycle within the maintenance cycle of its company's settings", () => {
    expect(planIntervalRules(15, 15)).toEqual([]);
    expect(planIntervalRules(16, 15)).toEqual([
      { field: 'cycle', rule: 'rule.planIntervalOverCycle', params: { cycle: 15 } },
    ]);
    expect(planIntervalRules(60, null)).toEqual([]);
  });

  it('work order: elevator, type and plan date; invalidating needs a reason', () => {
    expect(maintenanceOrderRules({ elevatorId: 1, type: 2, planDate: '2026-03-01' })).toEqual([]);
    expect(rules(maintenanceOrderRules({ elevatorId: null, type: undefined, planDate: '' }))).toEqual({
      elevatorId: 'validation.required',
      type: 'validation.required',
      planDate: 'validation.required',
    });
    expect(rules(maintenanceOrderRules({ elevatorId: 1, type: 2, planDate: 'tomorrow' }))).toEqual({
      planDate: 'validation.dateTime',
    });
    expect(invalidateMaintenanceOrderRules({ invalidReason: 'duplicate order' })).toEqual([]);
    expect(rules(invalidateMaintenanceOrderRules({ invalidReason: '  ' }))).toEqual({
      invalidReason: 'validation.required',
    });
  });

  it('plan: not empty, the same elevator not twice, dates required and in order, cycle 1..90', () => {
    const plan = { elevatorIds: [1, 2], startDate: '2026-03-01', endDate: '2026-12-31', cycle: 15 };
    expect(maintenancePlanRules(plan)).toEqual([]);
    expect(maintenancePlanRules({ ...plan, elevatorIds: [] })).toEqual([
      { field: 'elevatorIds', rule: 'rule.planEmpty' },
    ]);
    expect(maintenancePlanRules({ ...plan, elevatorIds: [1, 2, 1] })).toEqual([
      { field: 'elevatorIds', rule: 'rule.planElevatorDuplicate' },
    ]);
    expect(rules(maintenancePlanRules({ ...plan, startDate: null }))).toEqual({ startDate: 'validation.required' });
    expect(rules(maintenancePlanRules({ ...plan, endDate: '2026-02-01' }))).toEqual({
      endDate: 'validation.rangeOrder',
    });
    expect(rules(maintenancePlanRules({ ...plan, cycle: 91 }))).toEqual({ cycle: 'rule.maintenanceCycle' });
    expect(rules(maintenancePlanRules({ ...plan, cycle: 0 }))).toEqual({ cycle: 'rule.maintenanceCycle' });
  });

  it('elevator: maintainers need a company and none twice; in a plan, a company and at least one maintainer', () => {
    expect(elevatorMaintenanceRules({})).toEqual([]);
    expect(elevatorMaintenanceRules({ maintenanceCompanyId: 3 })).toEqual([]);
    expect(elevatorMaintenanceRules({ maintenanceCompanyId: 3, maintainerIds: [4] })).toEqual([]);
    expect(rules(elevatorMaintenanceRules({ maintainerIds: [4] }))).toEqual({
      maintenanceCompanyId: 'rule.maintenanceCompanyRequired',
    });
    expect(rules(elevatorMaintenanceRules({ maintenanceCompanyId: 3, maintainerIds: [4, 4] }))).toEqual({
      maintainerIds: 'rule.maintainerDuplicate',
    });
    expect(rules(elevatorMaintenanceRules({ maintenanceCompanyId: 3, maintainerIds: [] }, true))).toEqual({
      maintainerIds: 'rule.maintainersRequired',
    });
    expect(rules(elevatorMaintenanceRules({ maintainerIds: [4] }, true))).toEqual({
      maintenanceCompanyId: 'rule.maintenanceCompanyRequired',
    });
  });

  it('maintenance type: name, elevator type, classification and each item’s four fields', () => {
    const item = { name: 'Brake', content: 'Check wear', requirement: 'Below 1 mm', area: 1 };
    const good = { name: 'Half-monthly traction', elevatorType: 1, classification: 1, items: [item] };
    expect(maintenanceTypeRules(good)).toEqual([]);
    expect(rules(maintenanceTypeRules({ name: '', elevatorType: null, classification: undefined, items: [] }))).toEqual(
      {
        name: 'validation.required',
        elevatorType: 'validation.required',
        classification: 'validation.required',
        items: 'validation.required',
      },
    );
    expect(rules(maintenanceTypeRules({ ...good, items: [item, { name: 'Door' }] }))).toEqual({
      'items.1.content': 'validation.required',
      'items.1.requirement': 'validation.required',
      'items.1.area': 'validation.required',
    });
  });
});
