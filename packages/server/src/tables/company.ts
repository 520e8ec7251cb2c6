import { company } from '@liftcloud/client';
import { HttpError } from '../http/errors.js';
import { refuseIfUsed } from '../store/refuse.js';
import type { TableSpec } from '../store/repository.js';
import { elevatorTable } from './registry.js';

/** The columns that make an elevator a company's: its organisation and every related company. */
const ELEVATOR_COMPANY_COLUMNS = ['orgId', ...(elevatorTable.relatedCompanies ?? [])];

/** Companies are the organisation tree: each row keeps the path of ids from its tenant's root ('/1/5/9/'). */
export const companyTable: TableSpec<typeof company.fields> = {
  entity: company,
  table: 'companies',
  scope: 'org',
  orgColumn: 'id',
  computed: (eb) => ({
    // the elevators the company sees as its own (repository scoping): under it, or naming it in any company role;
    // its tenant's only, whatever another tenant's row names
    elevatorCount: eb
      .selectFrom('elevators as e')
      .select((e) => e.fn.countAll().as('n'))
      .whereRef('e.tenantId', '=', 't.tenantId')
      .where((e) => e.or(ELEVATOR_COMPANY_COLUMNS.map((column) => e(`e.${column}`, '=', e.ref('t.id'))))),
    userCount: eb
      .selectFrom('users as u')
      .select((e) => e.fn.countAll().as('n'))
      .whereRef('u.companyId', '=', 't.id'),
  }),
  async beforeCreate(row, _input, { caller }) {
    // A company without a parent goes under the organisation the caller is working in.
    row.parentId ??= caller.orgId || null;
    row.path = '/';
  },
  async beforeUpdate(_row, input, existing) {
    if (input.parentId !== undefined && input.parentId === existing.id) throw new HttpError(409, 'error.inUse');
  },
  async afterWrite(id, { trx }) {
    const self = await trx
      .selectFrom('companies')
      .select(['path', 'parentId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const parent = self.parentId
      ? await trx.selectFrom('companies').select('path').where('id', '=', self.parentId).executeTakeFirst()
      : undefined;
    const path = `${String(parent?.path ?? '/')}${id}/`;
    if (path === self.path) return;
    const oldPath = String(self.path);
    if (String(parent?.path ?? '').startsWith(`${oldPath}`) && oldPath !== '/') throw new HttpError(409, 'error.inUse');
    const subtree =
      oldPath === '/'
        ? []
        : await trx.selectFrom('companies').select(['id', 'path']).where('path', 'like', `${oldPath}%`).execute();
    await trx.updateTable('companies').set({ path }).where('id', '=', id).execute();
    for (const row of subtree) {
      if (row.id === id) continue;
      await trx
        .updateTable('companies')
        .set({ path: path + String(row.path).slice(oldPath.length) })
        .where('id', '=', row.id)
        .execute();
    }
  },
  async beforeDelete(existing, { trx }) {
    await refuseIfUsed(trx, 'companies', 'parentId', existing.id);
    await refuseIfUsed(trx, 'users', 'companyId', existing.id);
    await refuseIfUsed(trx, 'tenants', 'initialCompanyId', existing.id);
  },
};
