import { role } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Roles keep their permission indexes as a JSON list; users point at them through user_roles. */
export const roleTable: TableSpec<typeof role.fields> = {
  entity: role,
  table: 'roles',
  scope: 'org',
  orgColumn: 'companyId',
  orgField: 'companyId',
  jsonFields: ['permissions'],
  computed: (eb) => ({
    userCount: eb
      .selectFrom('userRoles as ur')
      .select((e) => e.fn.countAll().as('n'))
      .whereRef('ur.roleId', '=', 't.id'),
  }),
};
