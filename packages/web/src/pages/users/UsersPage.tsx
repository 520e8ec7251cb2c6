import { user } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { AssignRolesAction } from './AssignRolesAction';
import { LockAction } from './LockAction';
import { ResetPasswordAction } from './ResetPasswordAction';

const COLUMNS = ['username', 'name', 'phone', 'userType', 'companyName', 'maintainer', 'locked', 'lastLoginTime'];

/** Users: create and edit with the user rules, lock and unlock, reset password, assign roles. */
export default function UsersPage() {
  return (
    <CrudPage
      entity={user}
      columns={COLUMNS}
      canDelete
      extraActions={(row) => (
        <>
          <AssignRolesAction row={row} />
          <LockAction userId={row.id} locked={row.locked === true} />
          <ResetPasswordAction userId={row.id} />
        </>
      )}
    />
  );
}
