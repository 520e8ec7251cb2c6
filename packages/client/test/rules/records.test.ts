/** Tests of rules/records.ts: companies, notices, contracts, OTA, EOCD, supervision and other records */
import { describe, expect, it } from 'vitest';
import {
  SMS_CODE_VALID_MS,
  companyRules,
  contractRules,
  debugPersonnelRules,
  eocdSpeedConflictRules,
  eocdThresholdRules,
  isSmsCodeValid,
  noticeRules,
  otaApplyRules,
  potentialFaultRules,
  pushMessageRules,
  qualityBodyRules,
  repairPersonRules,
  supervisionHandleRules,
  useUnitRules,
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
