/** Tests of rules/devices.ts: elevators, floors, gateways and devices */
import { describe, expect, it } from 'vitest';
import {
  GATEWAY_TEST,
  MAX_FLOOR,
  currentFloorRules,
  deviceSearchTimeRules,
  dtuCodeRules,
  elevatorIdentityRules,
  elevatorUser,
  floorMapping,
  floorTemplateRules,
  gatewaySelectedRules,
  gatewayTestAddRules,
  gatewayTestDurationMs,
  gatewayTestRules,
  iccidRules,
  importFileRules,
  singleGatewayRules,
  validateInput,
} from '../../src/index.js';
import { rules } from './helpers.js';

describe('elevator', () => {
  it('factory number or register code: at least one; a batch add needs no register code', () => {
    expect(elevatorIdentityRules({ factoryNo: 'F-1' })).toEqual([]);
    expect(elevatorIdentityRules({ registerCode: '3110' })).toEqual([]);
    expect(elevatorIdentityRules({ factoryNo: ' ', registerCode: null })).toEqual([
      { field: 'factoryNo', rule: 'rule.factoryNoOrRegisterCode' },
    ]);
    expect(elevatorIdentityRules({}, { batch: true })).toEqual([]);
  });

  it('floor information complete; no floor above 64: the floor mapping definition', () => {
    const row = {
      elevatorId: 1,
      actualFloor: 1,
      displayedFloor: '1',
      stopsAtFloor: true,
      statusFloorCode: '01',
      faultFloorCode: '01',
    };
    const check = (input: Record<string, unknown>) => validateInput(floorMapping, input as never, 'create');
    expect(check(row)).toEqual([]);
    expect(check({ ...row, actualFloor: -1, displayedFloor: 'B1' })).toEqual([]);
    expect(rules(check({ ...row, faultFloorCode: '' }))).toEqual({ faultFloorCode: 'validation.required' });
    expect(check({ ...row, actualFloor: MAX_FLOOR + 1 })).toEqual([
      { field: 'actualFloor', rule: 'validation.maximum', params: { limit: 64 } },
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
    // the relation screen is the elevator-user list: its definition needs all three
    expect(validateInput(elevatorUser, { elevatorId: 1, companyId: 2, userId: 3 }, 'create')).toEqual([]);
    expect(rules(validateInput(elevatorUser, { companyId: 2 } as never, 'create'))).toEqual({
      elevatorId: 'validation.required',
      userId: 'validation.required',
    });
  });
});
