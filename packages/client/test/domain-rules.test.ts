import { describe, expect, it } from 'vitest';
import Type, { type TSchema } from 'typebox';
import {
  GATEWAY_TEST,
  L,
  MAX_FLOOR,
  QUERY_SPAN_DAYS,
  SMS_CODE_VALID_MS,
  bindingRules,
  checkNumber,
  companyRules,
  contractRules,
  currentFloorRules,
  debugPersonnelRules,
  developerRules,
  deviceSearchTimeRules,
  dtuCodeRules,
  elevatorIdentityRules,
  eocdSpeedConflictRules,
  eocdThresholdRules,
  floorRules,
  floorTemplateRules,
  gatewaySelectedRules,
  gatewayTestAddRules,
  gatewayTestDurationMs,
  gatewayTestRules,
  iccidRules,
  importFileRules,
  invalidateMaintenanceOrderRules,
  isSmsCodeValid,
  issueMessage,
  macUniqueRules,
  maintainerRules,
  maintenanceCompanyRules,
  maintenanceOrderRules,
  maintenancePeriodRules,
  maintenancePlanRules,
  maintenanceSettingsRules,
  maintenanceTypeRules,
  noticeRules,
  otaApplyRules,
  partRules,
  potentialFaultRules,
  pushMessageRules,
  qualityBodyRules,
  relationSelectionRules,
  repairPersonRules,
  singleGatewayRules,
  smartScreenRules,
  supervisionHandleRules,
  toMillis,
  translate,
  useUnitRules,
  withinSpan,
  type Issue,
  type Language,
  type MessageKey,
  type SpanKind,
} from '../src/index.js';
import { enUS } from '../src/i18n/en-US.js';
import { itItaly } from '../src/i18n/it-Italy.js';
import { zhCN } from '../src/i18n/zh-CN.js';

/** field → rule, the shape most assertions need. */
const rules = (issues: Issue[]) => Object.fromEntries(issues.map((i) => [i.field, i.rule]));
const LANGS: Language[] = ['zh-CN', 'en-US', 'it-Italy'];

describe('catalogues', () => {
  it('every rule.* key exists in the three languages and keeps its placeholders', () => {
    const keys = Object.keys(enUS).filter((k) => k.startsWith('rule.')) as MessageKey[];
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(zhCN[key]), key).toEqual(names(enUS[key]));
      expect(names(itItaly[key]), key).toEqual(names(enUS[key]));
      expect(enUS[key].startsWith('{field}'), key).toBe(true);
    }
  });
});

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

describe('elevator', () => {
  it('factory number or register code: at least one; a batch add needs no register code', () => {
    expect(elevatorIdentityRules({ factoryNo: 'F-1' })).toEqual([]);
    expect(elevatorIdentityRules({ registerCode: '3110' })).toEqual([]);
    expect(elevatorIdentityRules({ factoryNo: ' ', registerCode: null })).toEqual([
      { field: 'factoryNo', rule: 'rule.factoryNoOrRegisterCode' },
    ]);
    expect(elevatorIdentityRules({}, { batch: true })).toEqual([]);
  });

  it('floor information complete; no floor above 64', () => {
    const row = { actualFloor: 1, displayFloor: '1', statusFloorCode: '01', faultFloorCode: '01' };
    expect(floorRules([row, { ...row, actualFloor: -1, displayFloor: 'B1' }])).toEqual([]);
    expect(floorRules([])).toEqual([{ field: 'floors', rule: 'rule.floorIncomplete' }]);
    expect(floorRules([row, { ...row, faultFloorCode: '' }])).toEqual([
      { field: 'floors.1.faultFloorCode', rule: 'rule.floorIncomplete' },
    ]);
    expect(floorRules([{ ...row, actualFloor: MAX_FLOOR + 1 }])).toEqual([
      { field: 'floors.0.actualFloor', rule: 'rule.maxFloor', params: { limit: 64 } },
    ]);
  });

  it('current floor: a whole number up to MAX_FLOOR', () => {
    expect(currentFloorRules(64)).toEqual([]);
    expect(currentFloorRules('-2')).toEqual([]);
    expect(currentFloorRules(65)).toEqual([{ field: 'currentFloor', rule: 'rule.maxFloor', params: { limit: 64 } }]);
    expect(rules(currentFloorRules(null))).toEqual({ currentFloor: 'validation.required' });
    expect(rules(currentFloorRules(2.5))).toEqual({ currentFloor: 'validation.type' });
  });

  it('floor display configured before a template is chosen', () => {
    expect(floorTemplateRules({ floorDisplayTemplateId: 3, floorDisplayConfigured: true })).toEqual([]);
    expect(floorTemplateRules({ floorDisplayTemplateId: null, floorDisplayConfigured: false })).toEqual([]);
    expect(floorTemplateRules({ floorDisplayTemplateId: 3, floorDisplayConfigured: false })).toEqual([
      { field: 'floorDisplayTemplateId', rule: 'rule.floorDisplayFirst' },
    ]);
  });
});

describe('gateway and devices', () => {
  const dtu = (n: number) => String(10_000_000_000 + n);

  it('DTU number: given and 11 digits', () => {
    expect(dtuCodeRules('12345678901')).toEqual([]);
    expect(dtuCodeRules('')).toEqual([{ field: 'dtuCode', rule: 'validation.required' }]);
    for (const bad of ['1234567890', '123456789012', '1234567890a'])
      expect(dtuCodeRules(bad), bad).toEqual([{ field: 'dtuCode', rule: 'rule.dtuCode', params: { length: 11 } }]);
  });

  it('gateway test: batch size, duplicates, test time and pass benchmark', () => {
    const good = { dtuCodes: [dtu(1), dtu(2)], testTime: 60, passBenchmark: 3 };
    expect(gatewayTestRules(good)).toEqual([]);
    expect(gatewayTestRules({ dtuCodes: [dtu(1)] })).toEqual([]);
    expect(gatewayTestRules({ ...good, passBenchmark: '' })).toEqual([]);
    const twenty = Array.from({ length: GATEWAY_TEST.maxBatch }, (_, i) => dtu(i));
    expect(gatewayTestRules({ dtuCodes: twenty })).toEqual([]);
    expect(rules(gatewayTestRules({ dtuCodes: [...twenty, dtu(99)] }))).toEqual({
      dtuCodes: 'rule.gatewayTestMaxBatch',
    });
    expect(rules(gatewayTestRules({ dtuCodes: [] }))).toEqual({ dtuCodes: 'validation.required' });
    expect(rules(gatewayTestRules({ dtuCodes: [dtu(1), 'x'] }))).toEqual({ 'dtuCodes.1': 'rule.dtuCode' });
    expect(rules(gatewayTestRules({ dtuCodes: [dtu(1), dtu(1)] }))).toEqual({ 'dtuCodes.1': 'validation.uniqueItems' });
    expect(rules(gatewayTestRules({ ...good, testTime: 24 * 60 + 1 }))).toEqual({ testTime: 'rule.gatewayTestTime' });
    expect(gatewayTestRules({ ...good, testTime: 24 * 60 })).toEqual([]);
    expect(rules(gatewayTestRules({ ...good, testTime: 0 }))).toEqual({ testTime: 'validation.exclusiveMinimum' });
    expect(gatewayTestRules({ ...good, testTime: 9 })).toEqual([
      { field: 'testTime', rule: 'rule.gatewayTestTooShort', params: { count: 2, minutes: 10 } },
    ]);
    for (const bad of [0, -1, 1.5, 'abc'])
      expect(rules(gatewayTestRules({ ...good, passBenchmark: bad })), String(bad)).toEqual({
        passBenchmark: 'rule.passBenchmark',
      });
  });

  it('gateway test: one DTU added at a time, 5 minutes each', () => {
    expect(gatewayTestAddRules([dtu(3)], [dtu(1), dtu(2)])).toEqual([]);
    expect(gatewayTestAddRules([dtu(3), dtu(4)])).toEqual([{ field: 'dtuCode', rule: 'rule.oneAtATime' }]);
    expect(gatewayTestAddRules([])).toEqual([{ field: 'dtuCode', rule: 'validation.required' }]);
    expect(gatewayTestAddRules([dtu(1)], [dtu(1)])).toEqual([{ field: 'dtuCode', rule: 'validation.uniqueItems' }]);
    expect(gatewayTestAddRules(['123'])[0]?.rule).toBe('rule.dtuCode');
    const full = Array.from({ length: GATEWAY_TEST.maxBatch }, (_, i) => dtu(i));
    expect(gatewayTestAddRules([dtu(99)], full)[0]?.rule).toBe('rule.gatewayTestMaxBatch');
    expect(gatewayTestDurationMs(3)).toBe(15 * 60_000);
  });

  it('device search: both times entered, start before end', () => {
    expect(deviceSearchTimeRules({ startTime: '2026-03-01 08:00:00', endTime: '2026-03-01 09:00:00' })).toEqual([]);
    expect(rules(deviceSearchTimeRules({ startTime: '', endTime: null }))).toEqual({
      startTime: 'rule.searchTimeRequired',
      endTime: 'rule.searchTimeRequired',
    });
    expect(rules(deviceSearchTimeRules({ startTime: '2026-03-01 09:00:00', endTime: '2026-03-01 09:00:00' }))).toEqual({
      endTime: 'validation.rangeOrder',
    });
    expect(deviceSearchTimeRules({ startTime: 2000, endTime: 1000 })[0]?.rule).toBe('validation.rangeOrder');
  });

  it('ICCID not empty; import file a .xlsx', () => {
    expect(iccidRules('89860000000000000000')).toEqual([]);
    expect(iccidRules('')).toEqual([{ field: 'iccid', rule: 'rule.iccidEmpty' }]);
    expect(importFileRules('elevators.XLSX')).toEqual([]);
    for (const bad of ['elevators.xls', 'elevators.csv', 'xlsx', 'a.xlsx.exe'])
      expect(importFileRules(bad), bad).toEqual([{ field: 'file', rule: 'rule.importFileType' }]);
    expect(importFileRules(null)).toEqual([{ field: 'file', rule: 'validation.required' }]);
  });

  it('selections: exactly one gateway for views, a gateway before settings, all three in the relation screen', () => {
    expect(singleGatewayRules([4])).toEqual([]);
    expect(singleGatewayRules([])).toEqual([{ field: 'gatewayIds', rule: 'rule.selectOneGateway' }]);
    expect(singleGatewayRules([4, 5])).toEqual([{ field: 'gatewayIds', rule: 'rule.selectOneGateway' }]);
    expect(gatewaySelectedRules([4, 5])).toEqual([]);
    expect(gatewaySelectedRules(undefined)).toEqual([{ field: 'gatewayIds', rule: 'rule.selectGatewayFirst' }]);
    expect(relationSelectionRules({ elevatorId: 1, companyId: 2, userId: 3 })).toEqual([]);
    expect(rules(relationSelectionRules({ elevatorId: null, companyId: 2, userId: undefined }))).toEqual({
      elevatorId: 'rule.selectionRequired',
      userId: 'rule.selectionRequired',
    });
  });
});

describe('parts, screens, developer', () => {
  it('part: parts id exactly 34 characters, no and name', () => {
    expect(partRules({ partsSn: 'P'.repeat(34), no: 'N1', name: 'Brake' })).toEqual([]);
    expect(partRules({ partsSn: 'P'.repeat(33), no: 'N1', name: 'Brake' })).toEqual([
      { field: 'partsSn', rule: 'validation.exactLength', params: { limit: 34 } },
    ]);
    expect(rules(partRules({ partsSn: 'P'.repeat(35), no: '', name: null }))).toEqual({
      partsSn: 'validation.exactLength',
      no: 'validation.required',
      name: 'validation.required',
    });
    expect(rules(partRules({ partsSn: '', no: 'N', name: 'n' }))).toEqual({ partsSn: 'validation.required' });
  });

  it('smart screen: MAC 17 characters, password 6 to 20 letters and digits, elevator, program list, area', () => {
    const good = { mac: 'AA:BB:CC:DD:EE:FF', password: 'abc123', elevatorId: 1, programListId: 2, area: 'Hall' };
    expect(smartScreenRules(good)).toEqual([]);
    expect(smartScreenRules({ ...good, password: 'A'.repeat(20) })).toEqual([]);
    expect(rules(smartScreenRules({ ...good, mac: 'AA:BB:CC:DD:EE:F' }))).toEqual({ mac: 'validation.exactLength' });
    for (const bad of ['abc12', 'a'.repeat(21), 'abc 123', 'abc-123'])
      expect(rules(smartScreenRules({ ...good, password: bad })), bad).toEqual({ password: 'rule.screenPassword' });
    expect(rules(smartScreenRules({ ...good, elevatorId: null, programListId: undefined, area: '' }))).toEqual({
      elevatorId: 'validation.required',
      programListId: 'validation.required',
      area: 'validation.required',
    });
  });

  it('MAC unique against a list, ignoring case and separators and the screen itself', () => {
    const stored = [{ id: 1, mac: 'AA:BB:CC:DD:EE:FF' }];
    expect(macUniqueRules('11:22:33:44:55:66', stored)).toEqual([]);
    expect(macUniqueRules('aa-bb-cc-dd-ee-ff', stored)).toEqual([
      { field: 'mac', rule: 'validation.duplicate', params: { value: 'aa-bb-cc-dd-ee-ff' } },
    ]);
    expect(macUniqueRules('AA:BB:CC:DD:EE:FF', stored, 1)).toEqual([]);
    expect(macUniqueRules('AA:BB:CC:DD:EE:FF', ['aa:bb:cc:dd:ee:ff'])[0]?.rule).toBe('validation.duplicate');
  });

  it('camera or screen bound to another elevator: an issue to confirm replacement', () => {
    expect(bindingRules({ elevatorId: 1, boundElevatorId: null })).toEqual([]);
    expect(bindingRules({ elevatorId: 1, boundElevatorId: 1 })).toEqual([]);
    expect(bindingRules({ elevatorId: 1, boundElevatorId: 2, boundElevatorName: 'Lift B' })).toEqual([
      { field: 'elevatorId', rule: 'rule.boundElsewhere', params: { elevator: 'Lift B' } },
    ]);
  });

  it('developer: code and name, mobile valid, appSecret 8 letters and digits', () => {
    expect(developerRules({ code: 'D1', name: 'Dev', mobile: '13800000000', appSecret: 'abcD1234' })).toEqual([]);
    expect(developerRules({ code: 'D1', name: 'Dev' })).toEqual([]);
    expect(rules(developerRules({ code: '', name: null, mobile: '2380000000', appSecret: 'abc1234' }))).toEqual({
      code: 'validation.required',
      name: 'validation.required',
      mobile: 'validation.mobile',
      appSecret: 'rule.appSecret',
    });
    for (const bad of ['abcd12345', 'abcd-123'])
      expect(rules(developerRules({ code: 'D', name: 'n', appSecret: bad })), bad).toEqual({
        appSecret: 'rule.appSecret',
      });
  });
});

describe('other rules', () => {
  it('potential fault setting', () => {
    const good = {
      warningValue: 10,
      statPeriod: 30,
      details: [
        { faultCode: 1, weight: 0 },
        { faultCode: 2, weight: 100 },
      ],
    };
    expect(potentialFaultRules(good)).toEqual([]);
    expect(rules(potentialFaultRules({ ...good, warningValue: 0, statPeriod: -1 }))).toEqual({
      warningValue: 'validation.exclusiveMinimum',
      statPeriod: 'validation.exclusiveMinimum',
    });
    expect(
      rules(
        potentialFaultRules({
          ...good,
          details: [
            { faultCode: 0, weight: 101 },
            { faultCode: 2, weight: -1 },
            { faultCode: '2', weight: 5 },
          ],
        }),
      ),
    ).toEqual({
      'details.0.faultCode': 'validation.exclusiveMinimum',
      'details.0.weight': 'rule.weight',
      'details.1.weight': 'rule.weight',
      'details.2.faultCode': 'rule.faultCodeDuplicate',
    });
  });

  it('OTA: applied count required, above 0, not over the remaining count', () => {
    expect(otaApplyRules({ applyNumber: 5, remainingNumber: 5 })).toEqual([]);
    expect(otaApplyRules({ applyNumber: 6, remainingNumber: 5 })).toEqual([
      { field: 'applyNumber', rule: 'rule.otaOverRemaining', params: { remaining: 5 } },
    ]);
    expect(rules(otaApplyRules({ applyNumber: '', remainingNumber: 5 }))).toEqual({
      applyNumber: 'validation.required',
    });
    expect(rules(otaApplyRules({ applyNumber: 0, remainingNumber: 5 }))).toEqual({
      applyNumber: 'validation.exclusiveMinimum',
    });
  });

  it('EOCD thresholds above 0; the same speed in the same company asks to replace', () => {
    const good = {
      speed: 1.75,
      isoHorizontalPeakToPeak: 0.3,
      isoVerticalPeakToPeak: 0.3,
      isoHorizontalA95: 0.2,
      isoVerticalA95: 0.2,
      lowPassHorizontal: 0.1,
      lowPassVertical: 0.1,
      lowPassHz: 10,
    };
    expect(eocdThresholdRules(good)).toEqual([]);
    expect(rules(eocdThresholdRules({ ...good, isoVerticalA95: 0, lowPassHz: null }))).toEqual({
      isoVerticalA95: 'validation.exclusiveMinimum',
      lowPassHz: 'validation.required',
    });
    const existing = [{ id: 7, companyId: 1, speed: 1.75 }];
    expect(eocdSpeedConflictRules({ companyId: 2, speed: 1.75 }, existing)).toEqual([]);
    expect(eocdSpeedConflictRules({ id: 7, companyId: 1, speed: 1.75 }, existing)).toEqual([]);
    expect(eocdSpeedConflictRules({ companyId: 1, speed: '1.75' }, existing)).toEqual([
      { field: 'speed', rule: 'rule.eocdSpeedExists', params: { speed: 1.75 } },
    ]);
  });

  it('contract: end after start', () => {
    expect(contractRules({ startDate: '2026-01-01', endDate: '2026-12-31' })).toEqual([]);
    expect(contractRules({ startDate: '2026-01-01', endDate: '2026-01-01' })).toEqual([
      { field: 'endDate', rule: 'rule.contractDates' },
    ]);
    expect(rules(contractRules({ startDate: null, endDate: '2026-01-01' }))).toEqual({
      startDate: 'validation.required',
    });
  });

  it('required fields of notices, companies, quality bodies and use units', () => {
    expect(noticeRules({ title: 'Stop' })).toEqual([]);
    expect(rules(noticeRules({ title: '' }))).toEqual({ title: 'validation.required' });
    expect(companyRules({ no: 'C1', name: 'Acme' })).toEqual([]);
    expect(Object.keys(rules(companyRules({ no: null, name: ' ' })))).toEqual(['no', 'name']);
    expect(qualityBodyRules({ no: 'Q', name: 'n', region: 'r', address: 'a' })).toEqual([]);
    expect(Object.keys(rules(qualityBodyRules({ no: 'Q', name: '', region: null, address: undefined })))).toEqual([
      'name',
      'region',
      'address',
    ]);
    const unit = { name: 'Mall', owner: 'Li', region: 'Pudong', longitude: 121.5, latitude: 31.2 };
    expect(useUnitRules(unit)).toEqual([]);
    expect(rules(useUnitRules({ ...unit, owner: '', longitude: null, latitude: 91 }))).toEqual({
      owner: 'validation.required',
      longitude: 'validation.required',
      latitude: 'validation.maximum',
    });
  });

  it('debug personnel: user, level, password expiry, comma-separated contract numbers', () => {
    const good = { userId: 1, level: 2, passwordExpiry: '2026-12-31', contractNos: 'C-1, C-2，C-3' };
    expect(debugPersonnelRules(good)).toEqual([]);
    expect(debugPersonnelRules({ ...good, contractNos: ['C-1'] })).toEqual([]);
    expect(rules(debugPersonnelRules({ userId: null, level: '', passwordExpiry: '', contractNos: '' }))).toEqual({
      userId: 'validation.required',
      level: 'validation.required',
      passwordExpiry: 'validation.required',
      contractNos: 'validation.required',
    });
    for (const bad of ['C-1,,C-2', 'C-1,', ' , '])
      expect(rules(debugPersonnelRules({ ...good, contractNos: bad })), bad).toEqual({
        contractNos: 'rule.contractNos',
      });
  });

  it('handle result entered; no duplicate repair person; push message up to 500 characters', () => {
    expect(supervisionHandleRules({ handleResult: 'Fixed' })).toEqual([]);
    expect(supervisionHandleRules({ handleResult: '' })).toEqual([
      { field: 'handleResult', rule: 'rule.handleResultRequired' },
    ]);
    expect(repairPersonRules(3, [1, 2])).toEqual([]);
    expect(repairPersonRules('2', [1, 2])).toEqual([{ field: 'repairPeople', rule: 'rule.repairPersonDuplicate' }]);
    expect(repairPersonRules(null, [])).toEqual([{ field: 'repairPeople', rule: 'validation.required' }]);
    expect(pushMessageRules('电'.repeat(500))).toEqual([]);
    expect(pushMessageRules('x'.repeat(501))).toEqual([
      { field: 'content', rule: 'validation.maxLength', params: { limit: 500 } },
    ]);
    expect(pushMessageRules('')).toEqual([{ field: 'content', rule: 'validation.required' }]);
  });

  it('SMS code valid 10 minutes', () => {
    const sent = Date.UTC(2026, 2, 1, 8, 0, 0);
    expect(isSmsCodeValid(sent, sent)).toBe(true);
    expect(isSmsCodeValid(sent, sent + SMS_CODE_VALID_MS)).toBe(true);
    expect(isSmsCodeValid(sent, sent + SMS_CODE_VALID_MS + 1)).toBe(false);
    expect(isSmsCodeValid(new Date(sent), new Date(sent + 60_000))).toBe(true);
    expect(isSmsCodeValid(sent, sent - 1)).toBe(false);
  });
});

describe('query spans', () => {
  const start = '2026-01-01 00:00:00';
  const plusDays = (days: number, extraSeconds = 0) =>
    new Date(toMillis(start)! + days * 86_400_000 + extraSeconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

  it('each kind accepts its span and refuses one second more', () => {
    for (const [kind, days] of Object.entries(QUERY_SPAN_DAYS) as [SpanKind, number][]) {
      expect(withinSpan(start, plusDays(days), kind), kind).toEqual([]);
      expect(withinSpan(start, plusDays(days, 1), kind), kind).toEqual([
        { field: 'endTime', rule: `rule.span.${kind}`, params: { days } },
      ]);
    }
  });

  it('refuses a reversed or unreadable range, leaves an open one to the query, and names the fields given', () => {
    expect(withinSpan(plusDays(1), start, 'event')).toEqual([{ field: 'endTime', rule: 'validation.rangeOrder' }]);
    expect(withinSpan(start, start, 'event')).toEqual([]);
    expect(withinSpan(start, null, 'event')).toEqual([]);
    expect(withinSpan('yesterday', start, 'event')).toEqual([{ field: 'startTime', rule: 'validation.dateTime' }]);
    expect(withinSpan(start, plusDays(10), 'alarm', { start: 'alarmTimeStart', end: 'alarmTimeEnd' })).toEqual([
      { field: 'alarmTimeEnd', rule: 'rule.span.alarm', params: { days: 7 } },
    ]);
  });
});

describe('messages in each language', () => {
  const schema: TSchema = Type.Object({
    dtuCode: { ...Type.String(), 'x-label': L('DTU编号', 'DTU number', 'Numero DTU') },
    faultTimeEnd: { ...Type.String(), 'x-label': L('故障时间', 'Fault time', 'Ora guasto') },
  });

  it('words a domain issue with the field’s label', () => {
    const [dtu] = dtuCodeRules('123');
    const texts = LANGS.map((lang) => issueMessage(schema, dtu!, lang));
    expect(texts).toEqual([
      'DTU编号：DTU编号必须为11位数字',
      'DTU number: the DTU number must be 11 digits',
      'Numero DTU: il numero DTU deve essere di 11 cifre',
    ]);
  });

  it('names the span in each language', () => {
    const [span] = withinSpan('2026-01-01', '2026-04-01', 'fault', { start: 'faultTimeStart', end: 'faultTimeEnd' });
    expect(LANGS.map((lang) => issueMessage(schema, span!, lang))).toEqual([
      '故障时间：故障时间范围必须在2个月内',
      'Fault time: the fault time range must be within 2 months',
      "Ora guasto: l'intervallo dei guasti deve essere entro 2 mesi",
    ]);
  });

  it('fills parameters; a field without a label shows its name', () => {
    const [over] = otaApplyRules({ applyNumber: 9, remainingNumber: 4 });
    expect(issueMessage(schema, over!, 'en-US')).toBe('applyNumber: cannot exceed the remaining count (4)');
    expect(issueMessage(schema, over!, 'zh-CN')).toBe('applyNumber：不能超过剩余数量（4）');
    expect(issueMessage(schema, over!, 'it-Italy')).toBe('applyNumber: non può superare la quantità residua (4)');
    const [bound] = bindingRules({ elevatorId: 1, boundElevatorId: 2, boundElevatorName: 'B-2' });
    expect(translate('it-Italy', bound!.rule, { ...bound!.params, field: 'Ascensore' })).toBe(
      "Ascensore: già associato all'ascensore B-2; sostituire l'associazione?",
    );
    const [type] = checkNumber('level', 'x', { required: true });
    expect(issueMessage(schema, type!, 'en-US')).toBe('level: must be a number');
  });
});
