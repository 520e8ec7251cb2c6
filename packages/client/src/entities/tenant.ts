import { PERMISSION } from '../permissions.js';
import { tenantStatus } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, enumOf, readOnly, ref, refName, required, text } from '../schema/fields.js';

/** A customer of the platform; its data is isolated from every other tenant's. Super admin only. */
export const tenant = defineEntity({
  name: 'tenant',
  label: L('租户', 'Tenant', 'Tenant'),
  path: 'tenants',
  permission: PERMISSION.superAdmin,
  fields: {
    name: required(text(L('租户名称', 'Name', 'Nome'), { max: 100 })),
    status: required(enumOf(L('状态', 'Status', 'Stato'), tenantStatus)),
    /** The company at the root of the tenant's organisation tree. */
    initialCompanyId: readOnly(ref(L('初始公司', 'Initial company', 'Azienda iniziale'), 'company')),
    // read through initialCompanyId; written on create and update as the root company's name (server tables/tenant.ts)
    initialCompanyName: required({
      ...refName(L('初始公司名称', 'Initial company name', 'Nome azienda iniziale'), 'initialCompanyId'),
      readOnly: false,
    }),
  },
  filters: { name: 'like', status: 'eq' },
  unique: ['name'],
});
