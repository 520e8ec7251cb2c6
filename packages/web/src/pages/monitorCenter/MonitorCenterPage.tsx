import { elevator, MONITOR_MAX_ELEVATORS } from '@liftcloud/client';
import { App, Col, Empty, Flex, Layout, Row, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { RefSelect } from '../../components/options/RefSelect';
import { targetEntity } from '../../components/options/refTarget';
import { useRecordLabels } from '../../components/options/useRecordLabels';
import { LiveChannel } from '../../live/LiveChannel';
import { useLiveOverview } from '../../live/useLiveOverview';
import { PageAccess } from '../../routes/PageAccess';
import { ElevatorTile } from '../monitor/ElevatorTile';
import { MonitorSideList } from './MonitorSideList';
import { useChosenElevators } from './useChosenElevators';

const PATH = '/elevatorMonitor/monitorCenter';
const ELEVATOR = targetEntity(elevator.name)!;

/** /elevatorMonitor/monitorCenter, a page of its own (index 406, China only, as its sidebar entry). */
export default function MonitorCenterPage() {
  return (
    <App>
      <FeedbackBridge />
      <LiveChannel />
      <PageAccess path={PATH}>
        <MonitorCenter />
      </PageAccess>
    </App>
  );
}

/** Up to eight chosen elevators as live tiles (two rows of four), their alarms and open orders beside them. */
function MonitorCenter() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { ids, leftOut, choose } = useChosenElevators();
  const overview = useLiveOverview(ids, ids.length > 0);
  const names = useRecordLabels(ELEVATOR, ids);

  const refuse = () => void message.warning(t('monitorCenter.tooMany', { count: MONITOR_MAX_ELEVATORS }));
  const onChange = (next: number[]) => {
    if (!choose(next)) refuse();
  };
  // an address naming more than eight: say so once and keep the first eight in the address
  const trimmed = useRef(false);
  useEffect(() => {
    if (leftOut === 0 || trimmed.current) return;
    trimmed.current = true;
    refuse();
    choose(ids);
  });

  return (
    <Layout style={{ minHeight: '100vh', padding: 16 }} data-testid="monitor-center">
      <Flex align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('monitorCenter.title')}
        </Typography.Title>
        <RefSelect
          entity={ELEVATOR}
          multiple
          testId="monitor-center-picker"
          style={{ flex: 1, minWidth: 320 }}
          placeholder={t('monitorCenter.choose', { count: MONITOR_MAX_ELEVATORS })}
          value={ids}
          onChange={(next) => onChange([next ?? []].flat())}
        />
        <Typography.Text data-testid="monitor-center-count">
          {t('monitorCenter.chosen', { count: ids.length, max: MONITOR_MAX_ELEVATORS })}
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={18}>
          {ids.length ? (
            <Row gutter={[12, 12]} data-testid="monitor-center-grid">
              {ids.map((id) => (
                <Col key={id} xs={24} md={12} lg={6}>
                  <ElevatorTile elevatorId={id} title={names.get(id)} />
                </Col>
              ))}
            </Row>
          ) : (
            <Empty style={{ marginTop: 64 }} description={t('monitorCenter.empty')} />
          )}
        </Col>
        <Col xs={24} xl={6}>
          <MonitorSideList overview={ids.length ? overview.data : undefined} loading={overview.isLoading} />
        </Col>
      </Row>
    </Layout>
  );
}
