import { describe, expect, it } from 'vitest';
import { company, user, validateInput } from '@liftcloud/client';
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
