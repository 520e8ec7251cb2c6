import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The table loading states of console-shell.md §4. */
export type TableState = 'loading' | 'finish' | 'empty' | 'error';

/** Empty and failed tables offer a click-to-refresh button. */
export function TableStatus(props: { state: TableState; message?: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  const refresh = (
    <Button icon={<ReloadOutlined />} onClick={props.onRefresh} data-testid="refresh-button">
      {t('common.clickToRefresh')}
    </Button>
  );
  if (props.state === 'error')
    return <Result status="warning" title={t('common.loadFailed')} subTitle={props.message} extra={refresh} />;
  return <Empty description={t('common.empty')}>{refresh}</Empty>;
}
