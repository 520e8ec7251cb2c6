import { user } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { useEntityOptions } from '../../components/options/useEntityOptions';
import { AssignRolesAction } from './AssignRolesAction';
import { LockAction } from './LockAction';
import { ResetPasswordAction } from './ResetPasswordAction';

const COLUMNS = ['username', 'name', 'phone', 'userType', 'companyName', 'maintainer', 'locked', 'lastLoginTime'];

/** Users: create and edit with the user rules, lock and unlock, reset password, assign roles. */
export default function UsersPage() {
  const roles = useEntityOptions('role');
  const companies = useEntityOptions('company');
  return (
    <CrudPage
      entity={user}
      columns={COLUMNS}
      formOptions={{ roleIds: roles, companyId: companies }}
      canDelete
      extraActions={(row) => (
        <>
          <AssignRolesAction row={row} roles={roles} />
          <LockAction userId={row.id} locked={row.locked === true} />
          <ResetPasswordAction userId={row.id} />
        </>
      )}
    />
  );
}
