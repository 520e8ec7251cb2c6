import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, ref, required, text } from '../schema/fields.js';

/** Which fault codes an elevator reports and how they read (elevator settings). */
export const faultTemplate = defineEntity({
  name: 'faultTemplate',
  label: L('故障模板', 'Fault template', 'Modello guasti'),
  path: 'faultTemplates',
  permission: PERMISSION.elevatorSettings,
  fields: {
    name: required(text(L('模板名称', 'Template name', 'Nome modello'), { max: 100 })),
    /** JSON list of {code, description, serious}. */
    codes: text(L('故障代码', 'Fault codes', 'Codici guasto'), { max: 20_000 }),
    note: text(L('备注', 'Note', 'Nota'), { max: 500 }),
  },
  filters: { name: 'like' },
});

/** How floors read on an elevator's display (elevator settings). */
export const floorDisplayTemplate = defineEntity({
  name: 'floorDisplayTemplate',
  label: L('楼层显示模板', 'Floor display template', 'Modello display piani'),
  path: 'floorDisplayTemplates',
  permission: PERMISSION.elevatorSettings,
  fields: {
    name: required(text(L('模板名称', 'Template name', 'Nome modello'), { max: 100 })),
    /** JSON list of {actualFloor, displayedFloor}. */
    floors: required(text(L('楼层显示', 'Floor display', 'Display piani'), { max: 20_000 })),
    note: text(L('备注', 'Note', 'Nota'), { max: 500 }),
  },
  filters: { name: 'like' },
});

/** Who is related to an elevator: the elevator-user relation screen; all three must be chosen. */
export const elevatorUser = defineEntity({
  name: 'elevatorUser',
  label: L('电梯人员关系', 'Elevator-user relation', 'Relazione ascensore-utente'),
  path: 'elevatorUsers',
  permission: PERMISSION.elevators,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    companyId: required(ref(L('企业', 'Company', 'Azienda'), 'company')),
    userId: required(ref(L('用户', 'User', 'Utente'), 'user')),
    relation: text(L('关系', 'Relation', 'Relazione'), { max: 50 }),
  },
  filters: { elevatorId: 'eq', companyId: 'eq', userId: 'eq' },
});
