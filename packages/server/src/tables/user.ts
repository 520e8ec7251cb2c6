import { user } from '@liftcloud/client';
import { hashPassword } from '../services/secrets.js';
import type { TableSpec } from '../store/repository.js';
import { HttpError } from '../http/errors.js';

/** Users: the password arrives once and is stored hashed; roles are kept in user_roles. */
export const userTable: TableSpec<typeof user.fields> = {
  entity: user,
  table: 'users',
  platformUnique: ['username'],
  scope: 'org',
  orgColumn: 'companyId',
  orgField: 'companyId',
  links: { roleIds: { table: 'userRoles', ownKey: 'userId', otherKey: 'roleId' } },
  async beforeCreate(row) {
    row.passwordHash = await hashPassword(String(row.password));
    delete row.password;
    row.canChangePassword ??= 1;
  },
  async beforeDelete(existing, { caller }) {
    if (existing.id === caller.userId) throw new HttpError(409, 'error.inUse');
  },
};
