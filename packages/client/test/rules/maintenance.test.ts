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
    planStart: '2026-03-01',
    planEnd: '2026-03-16',
    items: [{ score: 5 }, { score: '0' }],
  };

  it('settings: a good set passes, including auto-send day 0 (no auto-send) and a plan exactly one cycle long', () => {
    expect(maintenanceSettingsRules(settings)).toEqual([]);
    expect(maintenanceSettingsRules({ ...settings, autoSendDay: 7, cycle: 90, planEnd: '2026-05-30' })).toEqual([]);
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

  it('settings: plan start before end, interval within the cycle, every item scored', () => {
    expect(rules(maintenanceSettingsRules({ ...settings, planEnd: '2026-03-01' }))).toEqual({
      planEnd: 'validation.rangeOrder',
    });
    expect(rules(maintenanceSettingsRules({ ...settings, planStart: '' }))).toEqual({
      planStart: 'validation.required',
    });
    expect(rules(maintenanceSettingsRules({ ...settings, planStart: '2026-02-30' }))).toEqual({
      planStart: 'validation.dateTime',
    });
    expect(maintenanceSettingsRules({ ...settings, planEnd: '2026-03-17' })).toEqual([
      { field: 'planEnd', rule: 'rule.planIntervalOverCycle', params: { cycle: 15 } },
    ]);
    expect(maintenanceSettingsRules({ ...settings, items: [{ score: 5 }, {}, { score: '' }] })).toEqual([
      { field: 'items.1.score', rule: 'rule.itemScoreRequired' },
      { field: 'items.2.score', rule: 'rule.itemScoreRequired' },
    ]);
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

  it('plan: not empty, the same elevator not twice, plan dates required and in order', () => {
    const row = { elevatorId: 1, start: '2026-03-01', end: '2026-03-31' };
    expect(maintenancePlanRules([row, { ...row, elevatorId: 2, cycle: 30 }])).toEqual([]);
    expect(maintenancePlanRules([])).toEqual([{ field: 'plans', rule: 'rule.planEmpty' }]);
    expect(maintenancePlanRules([row, row])).toEqual([
      { field: 'plans.1.elevatorId', rule: 'rule.planElevatorDuplicate' },
    ]);
    expect(rules(maintenancePlanRules([{ elevatorId: null, start: null, end: '2026-03-31' }]))).toEqual({
      'plans.0.elevatorId': 'validation.required',
      'plans.0.start': 'validation.required',
    });
    expect(rules(maintenancePlanRules([{ ...row, end: '2026-02-01' }]))).toEqual({
      'plans.0.end': 'validation.rangeOrder',
    });
    expect(rules(maintenancePlanRules([{ ...row, cycle: 91 }]))).toEqual({ 'plans.0.cycle': 'rule.maintenanceCycle' });
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
