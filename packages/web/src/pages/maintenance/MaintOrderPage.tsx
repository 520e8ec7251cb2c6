import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { MaintOrderView } from './MaintOrderView';

/**
 * /maintWorkOrder/:maintWorkOrderId and /newMaintWorkOrder/:id: a page of its own, narrow on a phone, behind
 * the login like every page the guard does not name.
 */
export default function MaintOrderPage() {
  const { t } = useTranslation();
  const { session } = useConsole();
  const params = useParams();
  const id = Number(params.maintWorkOrderId ?? params.id ?? 0);
  return (
    <App>
      <FeedbackBridge />
      <Layout style={{ minHeight: '100vh', padding: 12 }}>
        <div style={{ maxWidth: 960, margin: '0 auto', width: '100%' }}>
          {session ? (
            <Link to="/maintWork" data-testid="back-to-list">
              <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0 }}>
                {t('common.back')}
              </Button>
            </Link>
          ) : null}
          <MaintOrderView id={id} />
        </div>
      </Layout>
    </App>
  );
}
