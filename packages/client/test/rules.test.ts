import { describe, expect, it } from 'vitest';
import {
  authString,
  dateTime,
  email,
  float,
  mobile,
  nonNegativeInteger,
  password,
  username,
  user,
  company,
  validateInput,
  issueMessage,
  checkSchema,
} from '../src/index.js';

describe('format rules of both documents’ section 5', () => {
  it('username: 4 to 25 letters, digits, @, dot, underscore', () => {
    for (const ok of ['abcd', 'a.b_c@d', 'x'.repeat(25), 'User_01']) expect(username.test(ok), ok).toBe(true);
    for (const bad of ['abc', 'x'.repeat(26), 'has space', 'dash-ed', '中文用户名', ''])
      expect(username.test(bad), bad).toBe(false);
  });

  it('password: 8 to 30 printable with upper, lower and digit (the chosen reading)', () => {
    for (const ok of ['Abcdefg1', 'Passw0rd!#', `A1${'b'.repeat(28)}`]) expect(password.test(ok), ok).toBe(true);
    for (const bad of ['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', `A1${'b'.repeat(29)}`, 'Abcd efg1', 'Abcdéfg1'])
      expect(password.test(bad), bad).toBe(false);
  });

  it('mobile: 11 digits starting with 1', () => {
    expect(mobile.test('13800000000')).toBe(true);
    for (const bad of ['23800000000', '1380000000', '138000000000', '1380000000a'])
      expect(mobile.test(bad), bad).toBe(false);
  });

  it('number: non-negative integer; float: 2 decimals, 20 integer digits, optional minus', () => {
    expect(nonNegativeInteger.test('0')).toBe(true);
    expect(nonNegativeInteger.test('-1')).toBe(false);
    expect(nonNegativeInteger.test('1.5')).toBe(false);
    for (const ok of ['0', '-1.25', '12345678901234567890.99', '3.1']) expect(float.test(ok), ok).toBe(true);
    for (const bad of ['1.234', '123456789012345678901', '--1', '1.', '.5']) expect(float.test(bad), bad).toBe(false);
  });

  it('e-mail, date-time and the auth string', () => {
    expect(email.test('a@b.co')).toBe(true);
    expect(email.test('a@b')).toBe(false);
    expect(dateTime.test('2026-02-28 23:59:59')).toBe(true);
    expect(dateTime.test('2026-02-30 10:00:00')).toBe(false);
    expect(dateTime.test('2026-02-28T10:00:00')).toBe(false);
    expect(authString.test('0101')).toBe(true);
    expect(authString.test('012')).toBe(false);
  });
});

describe('entity validation shared by forms, imports and the server', () => {
  it('names every missing required field of a user', () => {
    const issues = validateInput(user, {}, 'create');
    expect(issues.map((i) => i.field).sort()).toEqual([
      'maintainer',
      'name',
      'password',
      'phone',
      'roleIds',
      'userType',
      'username',
    ]);
  });

  it('words an issue in each language with the field’s label', () => {
    const [issue] = checkSchema(company.createSchema, { no: 'N1', name: 'n', type: 99 });
    expect(issue).toBeDefined();
    expect(issueMessage(company.createSchema, issue!, 'en-US')).toBe('Type: must be one of 1, 2, 3, 4, 5, 6, 7');
    expect(issueMessage(company.createSchema, issue!, 'zh-CN')).toBe('企业类型：必须是以下之一：1, 2, 3, 4, 5, 6, 7');
    expect(issueMessage(company.createSchema, issue!, 'it-Italy')).toBe(
      'Tipo: deve essere uno tra 1, 2, 3, 4, 5, 6, 7',
    );
  });

  it('accepts null for optional fields and refuses it for required ones', () => {
    expect(validateInput(company, { no: 'N1', name: 'n', type: 1, brand: null }, 'create')).toEqual([]);
    expect(validateInput(company, { no: 'N1', name: null, type: 1 }, 'create')[0]?.field).toBe('name');
  });

  it('does not accept a password on update: it changes through its own calls', () => {
    const issues = validateInput(
      user,
      {
        id: 1,
        username: 'abcd',
        password: 'Passw0rdX',
        name: 'n',
        phone: '13800000000',
        userType: 1,
        roleIds: [],
        maintainer: true,
      },
      'update',
    );
    expect(issues).toEqual([{ field: 'password', rule: 'validation.unknownField' }]);
  });
});
