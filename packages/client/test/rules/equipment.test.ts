/** Tests of rules/equipment.ts: parts, smart screens, developers */
import { describe, expect, it } from 'vitest';
import { bindingRules, developerRules, macUniqueRules, partRules, smartScreenRules } from '../../src/index.js';
import { rules } from './helpers.js';

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
