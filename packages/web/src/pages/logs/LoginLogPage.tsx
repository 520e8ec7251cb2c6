import { loginLog } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

export default function LoginLogPage() {
  return (
    <CrudPage
      entity={loginLog}
      columns={['userName', 'name', 'loginType', 'result', 'loginIp', 'loginTime']}
      readOnly
    />
  );
}
