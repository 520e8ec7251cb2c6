import { describe, expect, it } from 'vitest';
import { defineEntity, ENTITIES, L, PERMISSION, ref, refName, role, user, type EntityDef } from '../src/index.js';

const entities = Object.values(ENTITIES) as EntityDef[];
const referenceFields = entities.flatMap((entity) =>
  Object.entries(entity.fields)
    .filter(([, f]) => f.kind === 'ref' || f.kind === 'ids')
    .map(([key, f]) => ({ entity, key, field: f })),
);

describe('references in the entity definitions', () => {
  it('names an entity as the target of every reference and id list (but a role’s permission indexes)', () => {
    expect(referenceFields.length).toBeGreaterThan(40);
    for (const { entity, key, field } of referenceFields) {
      if (entity === role && key === 'permissions') {
        expect(field.target).toBeUndefined();
        continue;
      }
      expect(Object.keys(ENTITIES), `${entity.name}.${key}`).toContain(field.target);
    }
    expect(user.fields.companyId.target).toBe('company');
    expect(user.fields.roleIds.target).toBe('role');
  });

  it('gives every target a user may pick a name field its list filters as typed', () => {
    for (const { entity, key, field } of referenceFields) {
      if (field.readOnly || entity.readOnly || !field.target) continue;
      const target = ENTITIES[field.target as keyof typeof ENTITIES] as EntityDef;
      expect(target.nameField, `${entity.name}.${key} → ${target.name}`).toBeDefined();
      expect(target.filters[target.nameField!], `${target.name}.${target.nameField} filter`).toBe('like');
    }
  });

  it('reads every name field through a reference of its own entity, and stores none of them', () => {
    let names = 0;
    for (const entity of entities)
      for (const [key, field] of Object.entries(entity.fields)) {
        if (field.nameOf === undefined) continue;
        names++;
        expect(entity.fields[field.nameOf]?.kind, `${entity.name}.${key}`).toBe('ref');
        expect(field.derived, `${entity.name}.${key}`).toBe(true);
      }
    expect(names).toBeGreaterThan(10);
    expect(user.fields.companyName.nameOf).toBe('companyId');
  });

  it('refuses a name field over something that is not a reference', () => {
    const broken = () =>
      defineEntity({
        name: 'broken',
        label: L('坏', 'Broken', 'Rotto'),
        path: 'broken',
        permission: PERMISSION.anyUser,
        fields: {
          companyId: ref(L('企业', 'Company', 'Azienda'), 'company'),
          name: refName(L('名', 'N', 'N'), 'nope'),
        },
      });
    expect(broken).toThrow(/nameOf 'nope'/);
  });
});
