import { role } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { AssignUsersAction } from './AssignUsersAction';
import { PermissionTree } from './PermissionTree';

/** Roles: a permission tree that mirrors the menu, and users assigned through selected and unselected lists. */
export default function RolesPage() {
  return (
    <CrudPage
      entity={role}
      columns={['name', 'isDefault', 'companyName', 'userCount', 'createTime']}
      formInputs={{ permissions: <PermissionTree /> }}
      extraActions={(row) => <AssignUsersAction roleId={row.id} roleName={String(row.name)} />}
    />
  );
}
