import { operationLog } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

export default function OperationLogPage() {
  return (
    <CrudPage
      entity={operationLog}
      columns={['userName', 'operateContent', 'method', 'path', 'operateTime']}
      readOnly
    />
  );
}
