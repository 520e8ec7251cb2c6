import { messageRecord } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

export default function MessageRecordsPage() {
  return (
    <CrudPage
      entity={messageRecord}
      columns={['type', 'target', 'content', 'referBizNo', 'status', 'sendTime']}
      readOnly
    />
  );
}
