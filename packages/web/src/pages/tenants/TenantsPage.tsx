import { tenant } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

export default function TenantsPage() {
  return (
    <CrudPage entity={tenant} columns={['name', 'status', 'initialCompanyName', 'createTime']} canDelete={false} />
  );
}
