import { debugPersonnel } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

/** Debug personnel (/debugPersonnel, index 880): a user's debug level, password expiry and contract numbers. */
export default function DebugPersonnelPage() {
  return (
    <CrudPage
      entity={debugPersonnel}
      columns={['userName', 'debugLevel', 'passwordExpiry', 'contractNos', 'createTime']}
    />
  );
}
