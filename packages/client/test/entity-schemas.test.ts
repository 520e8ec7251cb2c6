import { describe, expect, it } from 'vitest';
import { defineEntity, int, L, PERMISSION, required, text, validateInput } from '../src/index.js';

const part = defineEntity({
  name: 'schemaProbe',
  path: 'schemaProbes',
  label: L('探针', 'Probe', 'Sonda'),
  permission: PERMISSION.anyUser,
  fields: {
    name: required(text(L('名称', 'Name', 'Nome'), { max: 20 })),
    count: int(L('数量', 'Count', 'Quantità'), { min: 0 }),
  },
  filters: { name: 'contains', count: 'range' },
});

describe("an entity's schemas, built when first read", () => {
  it('are built once and then the same objects', () => {
    expect(part.recordSchema).toBe(part.recordSchema);
    expect(part.querySchema).toBe(part.querySchema);
  });

  it('hold every field, the record keys and the filters', () => {
    const record = part.recordSchema as { properties: Record<string, unknown>; required?: string[] };
    expect(Object.keys(record.properties)).toEqual(['id', 'createTime', 'updateTime', 'revision', 'name', 'count']);
    const query = part.querySchema as { properties: Record<string, unknown> };
    expect(Object.keys(query.properties)).toEqual(['pageNo', 'pageSize', 'name', 'countStart', 'countEnd']);
    expect(Object.keys(part.updateSchema as object)).toContain('properties');
  });

  it('still validate as before: a required text, a bound', () => {
    expect(validateInput(part, { name: 'a', count: 1 }, 'create')).toEqual([]);
    const issues = validateInput(part, { name: '', count: -1 }, 'create');
    expect(issues.map((issue) => issue.field).sort()).toEqual(['count', 'name']);
  });

  it('are enumerable keys of the definition, as before', () => {
    expect(Object.keys(part)).toEqual(expect.arrayContaining(['recordSchema', 'createSchema', 'patchSchema']));
    expect({ ...part }.patchSchema).toBe(part.patchSchema);
  });
});
