import { describe, expect, it } from 'vitest';
import { company, elevator, user, validateInput } from '@liftcloud/client';
import { formFields, toBody } from './formBody';

describe('entity form body', () => {
  it('shows the password only when creating', () => {
    expect(formFields(user, 'create').map(([k]) => k)).toContain('password');
    expect(formFields(user, 'update').map(([k]) => k)).not.toContain('password');
    expect(formFields(user, 'create').map(([k]) => k)).not.toContain('locked');
  });

  it('turns empty optional inputs into null and keeps the fixed company type', () => {
    const body = toBody(company, 'create', { no: ' C1 ', name: 'Acme', brand: '' }, { type: 1 });
    expect(body).toEqual({ no: 'C1', name: 'Acme', brand: null, type: 1 });
    expect(validateInput(company, body, 'create')).toEqual([]);
  });

  it('lets the schema name a missing required field', () => {
    const issues = validateInput(company, toBody(company, 'create', { name: 'Acme' }, { type: 1 }), 'create');
    expect(issues.map((i) => [i.field, i.rule])).toEqual([['no', 'validation.required']]);
  });
});

describe('the float rule on number fields', () => {
  it('refuses a rated speed with 3 decimals and takes 2; coordinates take 6', () => {
    const base = { name: 'Lift', factoryNo: 'F-1', elevatorType: 1, useStatus: 1 };
    expect(validateInput(elevator, { ...base, ratedSpeed: 1.234 }, 'create')).toEqual([
      { field: 'ratedSpeed', rule: 'validation.decimals', params: { limit: 2 } },
    ]);
    expect(validateInput(elevator, { ...base, ratedSpeed: 1.15, longitude: 121.473701 }, 'create')).toEqual([]);
    expect(validateInput(elevator, { ...base, latitude: 31.2304161 }, 'create')).toEqual([
      { field: 'latitude', rule: 'validation.decimals', params: { limit: 6 } },
    ]);
  });
});

describe('the float rule and binary rounding', () => {
  it('takes a sum that prints with a rounding residue (31.23 + 0.001)', () => {
    const base = { name: 'Lift', factoryNo: 'F-1', elevatorType: 1, useStatus: 1 };
    expect(validateInput(elevator, { ...base, latitude: 31.23 + 0.001, ratedSpeed: 0.1 + 0.2 }, 'create')).toEqual([]);
  });
});
