import { describe, expect, it } from 'vitest';
import { announcement, callRecord, defaultListFields, user } from '../src/index.js';

describe('defaultListFields', () => {
  it('leaves out a reference whose name the record also carries', () => {
    const fields = defaultListFields(callRecord, 6);
    expect(fields).toContain('elevatorName');
    expect(fields).not.toContain('elevatorId');
    expect(fields).toHaveLength(6);
  });

  it('leaves out long text, id lists, secrets and create-only fields', () => {
    const fields = defaultListFields(user, 50);
    expect(fields.length).toBeGreaterThan(3);
    for (const key of fields) {
      const field = user.fields[key as keyof typeof user.fields]!;
      expect(field.kind).not.toBe('ids');
      expect(field.kind).not.toBe('secret');
      expect(field.createOnly ?? false).toBe(false);
    }
    expect(defaultListFields(announcement, 50)).not.toContain('content');
  });

  it('keeps definition order and honours skip', () => {
    const all = defaultListFields(callRecord, 3);
    expect(defaultListFields(callRecord, 3, [all[0]!])).toEqual([...all.slice(1), defaultListFields(callRecord, 4)[3]]);
  });
});
