import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { LiveChannel } from '../../live/LiveChannel';
import { InvalidShareLink, PublicWorkOrderView } from './PublicWorkOrderView';
import { ShareLinkButton } from './ShareLinkButton';
import { WorkOrderDetail } from './WorkOrderDetail';

/**
 * /workOrder/:workOrderId (a page of its own) and the mobile page /h5workOrder/:workOrderId (also
 * /8NMuztq/:workOrderId), public in the guard. A mobile address with a signature (?sig=&exp=, from "Share
 * mobile link") shows the public field view to anyone, signed in or not; without one it shows the order
 * read-only to a signed-in user and only "link invalid" to anyone else.
 */
export default function WorkOrderPage(props: { h5?: boolean }) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const rawId = useParams().workOrderId ?? '';
  const [search] = useSearchParams();
  const sig = search.get('sig');
  const exp = search.get('exp');
  const signed = props.h5 && (sig !== null || exp !== null);
  const mobile = props.h5 && (signed || !session);
  return (
    <App>
      <FeedbackBridge />
      {session && !signed ? <LiveChannel /> : null}
      <Layout style={{ minHeight: '100vh', padding: mobile ? 12 : 24 }}>
        <div style={{ maxWidth: mobile ? 480 : 960, margin: '0 auto', width: '100%' }}>
          {session && !props.h5 ? (
            <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
              <Link to="/workOrder" data-testid="back-to-list">
                <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0 }}>
                  {t('common.back')}
                </Button>
              </Link>
              <ShareLinkButton workOrderId={Number(rawId)} />
            </div>
          ) : null}
          {signed ? (
            <PublicWorkOrderView id={rawId} signature={{ sig: sig ?? '', exp: exp ?? '' }} />
          ) : session ? (
            <WorkOrderDetail id={Number(rawId)} readOnly={props.h5} />
          ) : (
            <InvalidShareLink
              extra={
                <Link to="/login">
                  <Button type="primary">{t('login.submit')}</Button>
                </Link>
              }
            />
          )}
        </div>
      </Layout>
    </App>
  );
}
