import { tenant } from '@liftcloud/client';
import { HttpError } from '../http/errors.js';
import { refuseIfUsed } from '../store/refuse.js';
import type { TableSpec } from '../store/repository.js';

/** The root company name of a tenant being created, handed from beforeCreate to afterWrite. */
const pendingRootNames = new WeakMap<object, string>();

/** Tenants (super admin only): creating one also creates its root company, the top of its organisation tree. */
export const tenantTable: TableSpec<typeof tenant.fields> = {
  entity: tenant,
  table: 'tenants',
  scope: 'platform',
  async beforeCreate(_row, input, { trx }) {
    pendingRootNames.set(trx, String(input.initialCompanyName));
  },
  async afterWrite(id, { trx }) {
    const t = await trx
      .selectFrom('tenants')
      .select(['initialCompanyId', 'createTime'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (t.initialCompanyId) return;
    const pending = pendingRootNames.get(trx) ?? `Tenant ${id}`;
    const now = Date.now();
    const company = await trx
      .insertInto('companies')
      .values({
        tenantId: id,
        no: `T${id}-ROOT`,
        name: pending,
        type: 1,
        parentId: null,
        path: '/',
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('companies')
      .set({ path: `/${String(company.id)}/` })
      .where('id', '=', company.id)
      .execute();
    await trx.updateTable('tenants').set({ initialCompanyId: company.id }).where('id', '=', id).execute();
  },
  async beforeUpdate(_row, input, _existing, { trx }) {
    const name = input.initialCompanyName;
    if (typeof name === 'string') {
      const t = await trx
        .selectFrom('tenants')
        .select('initialCompanyId')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (t?.initialCompanyId)
        await trx.updateTable('companies').set({ name }).where('id', '=', t.initialCompanyId).execute();
    }
  },
  async beforeDelete(existing, { trx }) {
    // A tenant holding anything beyond its root company is frozen, not deleted.
    await refuseIfUsed(trx, 'users', 'tenantId', existing.id);
    const companies = await trx
      .selectFrom('companies')
      .select((e) => e.fn.countAll().as('n'))
      .where('tenantId', '=', existing.id)
      .executeTakeFirst();
    if (Number(companies?.n ?? 0) > 1) throw new HttpError(409, 'error.inUse');
    await trx.updateTable('tenants').set({ initialCompanyId: null }).where('id', '=', existing.id).execute();
    await trx.deleteFrom('companies').where('tenantId', '=', existing.id).execute();
  },
};
