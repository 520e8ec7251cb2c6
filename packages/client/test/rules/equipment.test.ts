/** Tests of rules/equipment.ts (developers), and of the part and smart screen rules their definitions hold */
import { describe, expect, it } from 'vitest';
import { developerRules, part, smartScreen, validateInput } from '../../src/index.js';
import { rules } from './helpers.js';

describe('parts, screens, developer', () => {
  it('part: parts id exactly 34 characters, no and name', () => {
    const check = (input: Record<string, unknown>) => validateInput(part, input as never, 'create');
    expect(check({ partsSn: 'P'.repeat(34), no: 'N1', name: 'Brake' })).toEqual([]);
    expect(check({ partsSn: 'P'.repeat(33), no: 'N1', name: 'Brake' })).toEqual([
      { field: 'partsSn', rule: 'validation.exactLength', params: { limit: 34 } },
    ]);
    expect(rules(check({ partsSn: 'P'.repeat(35), no: '' }))).toEqual({
      partsSn: 'validation.exactLength',
      no: 'validation.required',
      name: 'validation.required',
    });
    expect(rules(check({ no: 'N', name: 'n' }))).toEqual({ partsSn: 'validation.required' });
    // emptied rather than left out: the length rule speaks (the schema error carries no value to tell them apart)
    expect(rules(check({ partsSn: '', no: 'N', name: 'n' }))).toEqual({ partsSn: 'validation.exactLength' });
  });

  it('smart screen: MAC 17 characters, password 6 to 20 letters and digits, elevator, program card, area', () => {
    const good = { mac: 'AA:BB:CC:DD:EE:FF', password: 'abc123', elevatorId: 1, programCardId: 2, area: 'Hall' };
    const check = (input: Record<string, unknown>) => validateInput(smartScreen, input as never, 'create');
    expect(check(good)).toEqual([]);
    expect(check({ ...good, password: 'A'.repeat(20) })).toEqual([]);
    expect(rules(check({ ...good, mac: 'AA:BB:CC:DD:EE:F' }))).toEqual({ mac: 'validation.exactLength' });
    for (const bad of ['abc12', 'abc 123', 'abc-123'])
      expect(rules(check({ ...good, password: bad })), bad).toEqual({ password: 'rule.screenPassword' });
    expect(rules(check({ ...good, password: 'a'.repeat(21) }))).toEqual({ password: 'validation.maxLength' });
    const { elevatorId: _e, programCardId: _p, ...withoutBoth } = good;
    expect(rules(check({ ...withoutBoth, area: '' }))).toEqual({
      elevatorId: 'validation.required',
      programCardId: 'validation.required',
      area: 'validation.required',
    });
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
