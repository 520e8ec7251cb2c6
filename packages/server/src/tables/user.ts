import { user } from '@liftcloud/client';
import { hashPassword } from '../services/secrets.js';
import { refuseIfUsed, type TableSpec } from '../store/repository.js';
import { HttpError } from '../http/errors.js';

/** Users: the password arrives once and is stored hashed; roles are kept in user_roles. */
export const userTable: TableSpec<typeof user.fields> = {
  entity: user,
  table: 'users',
  platformUnique: ['username'],
  scope: 'org',
  orgColumn: 'companyId',
  orgField: 'companyId',
  refs: { companyId: 'companies' },
  links: { roleIds: { table: 'userRoles', ownKey: 'userId', otherKey: 'roleId', target: 'roles' } },
  computed: (eb) => ({
    companyName: eb.selectFrom('companies as c').select('c.name').whereRef('c.id', '=', 't.companyId'),
  }),
  async beforeCreate(row) {
    row.passwordHash = await hashPassword(String(row.password));
    delete row.password;
    row.canChangePassword ??= 1;
  },
  async beforeDelete(existing, { caller }) {
    if (existing.id === caller.userId) throw new HttpError(409, 'error.inUse');
  },
};

export { refuseIfUsed };
