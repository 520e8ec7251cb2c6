import { smsTemplate } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

/** SMS templates (/msgTemplate, super admin): content with {parameters} from its list of available ones. */
export default function SmsTemplatesPage() {
  return <CrudPage entity={smsTemplate} columns={['name', 'content', 'params', 'createTime']} />;
}
