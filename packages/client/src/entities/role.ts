import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, derived, int, numberList, ref, refName, required, text } from '../schema/fields.js';

/** A named set of permission indexes (console-shell.md §6); a user's auth string is the union of its roles'. */
export const role = defineEntity({
  name: 'role',
  label: L('角色', 'Role', 'Ruolo'),
  path: 'roles',
  permission: PERMISSION.roles,
  fields: {
    name: required(text(L('角色名称', 'Role name', 'Nome ruolo'), { max: 50 })),
    isDefault: bool(L('默认角色', 'Default role', 'Ruolo predefinito')),
    companyId: ref(L('所属企业', 'Company', 'Azienda'), 'company'),
    companyName: refName(L('所属企业名称', 'Company name', 'Nome azienda'), 'companyId'),
    permissions: required(numberList(L('权限列表', 'Permissions', 'Permessi'), 1000)),
    userCount: derived(int(L('用户数', 'Users', 'Utenti'))),
  },
  filters: { name: 'like', companyId: 'eq' },
});
