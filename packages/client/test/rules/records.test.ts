/** Tests of rules/records.ts: companies, notices, contracts, OTA, EOCD, supervision and other records */
import { describe, expect, it } from 'vitest';
import {
  announcement,
  company,
  contractRules,
  debugPersonnelRules,
  eocdSpeedConflictRules,
  eocdThresholdRules,
  otaApplyRules,
  potentialFaultRules,
  pushMessageRules,
  qualityBody,
  repairPersonRules,
  supervisionHandleRules,
  useUnit,
  validateInput,
} from '../../src/index.js';
import { rules } from './helpers.js';

describe('records', () => {
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

  it('required fields of notices, companies, quality bodies and use units: their definitions', () => {
    expect(validateInput(announcement, { title: 'Stop', content: 'Text' }, 'create')).toEqual([]);
    expect(rules(validateInput(announcement, { title: '', content: 'Text' }, 'create'))).toEqual({
      title: 'validation.required',
    });
    expect(validateInput(company, { no: 'C1', name: 'Acme', type: 2 }, 'create')).toEqual([]);
    expect(Object.keys(rules(validateInput(company, { name: '', type: 2 } as never, 'create'))).sort()).toEqual([
      'name',
      'no',
    ]);
    expect(validateInput(qualityBody, { no: 'Q', name: 'n', region: 'r', address: 'a' }, 'create')).toEqual([]);
    expect(Object.keys(rules(validateInput(qualityBody, { no: 'Q', name: '' } as never, 'create'))).sort()).toEqual([
      'address',
      'name',
      'region',
    ]);
    const unit = { name: 'Mall', owner: 'Li', region: 'Pudong', longitude: 121.5, latitude: 31.2 };
    expect(validateInput(useUnit, unit, 'create')).toEqual([]);
    const { longitude: _left, ...withoutLongitude } = unit;
    expect(rules(validateInput(useUnit, { ...withoutLongitude, owner: '', latitude: 91 } as never, 'create'))).toEqual({
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
});
