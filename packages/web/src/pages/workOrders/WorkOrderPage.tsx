import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Layout, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { LiveChannel } from '../../live/LiveChannel';
import { WorkOrderDetail } from './WorkOrderDetail';

/**
 * /workOrder/:workOrderId (a page of its own) and /h5workOrder/:workOrderId (public in the guard). The server
 * has no public work-order route, so the H5 page shows the order read-only to a signed-in user and a sign-in
 * card to anyone else.
 */
export default function WorkOrderPage(props: { h5?: boolean }) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const id = Number(useParams().workOrderId);
  return (
    <App>
      <FeedbackBridge />
      {session ? <LiveChannel /> : null}
      <Layout style={{ minHeight: '100vh', padding: 24 }}>
        <div style={{ maxWidth: 960, margin: '0 auto', width: '100%' }}>
          {session && !props.h5 ? (
            <Link to="/workOrder" data-testid="back-to-list">
              <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0, marginBottom: 8 }}>
                {t('common.back')}
              </Button>
            </Link>
          ) : null}
          {session ? (
            <WorkOrderDetail id={id} readOnly={props.h5} />
          ) : (
            <Card data-testid="h5-sign-in">
              <Result
                status="403"
                title={t('monitoring.publicView')}
                extra={
                  <Link to="/login">
                    <Button type="primary">{t('login.submit')}</Button>
                  </Link>
                }
              />
            </Card>
          )}
        </div>
      </Layout>
    </App>
  );
}
