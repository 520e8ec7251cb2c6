import { useQuery } from '@tanstack/react-query';
import { MENU } from '@liftcloud/client';
import { App, Card, Col, Empty, Layout, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useClient, useLanguage } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { RecordMissing } from '../../components/RecordMissing';
import { LiveChannel } from '../../live/LiveChannel';
import { useCommaParams } from '../../routes/useCommaParams';
import { ElevatorTile } from '../monitor/ElevatorTile';
import { buildingPath, useUnitLifts } from './useUnitLifts';

const MONITOR_LABEL = MENU.flatMap((g) => g.children).find((i) => i.path === '/elevatorMonitor/useUnitMonitor')?.label;

/**
 * /MarkToUseUnit/{useUnitId},{useUnitName}: a use unit's lifts live, building by building; /monitorMore/
 * {useUnitId},{buildingNum},{useUnitName} (`building`): one building's. Each tile opens the single monitor.
 */
export default function UnitLiftsPage(props: { building?: boolean }) {
  const { t } = useTranslation();
  const client = useClient();
  const language = useLanguage();
  const params = useCommaParams(
    props.building ? ['useUnitId', 'buildingNum', 'useUnitName'] : ['useUnitId', 'useUnitName'],
  );
  const useUnitId = Number(params.useUnitId);
  const unit = useQuery({
    queryKey: ['useUnits', 'get', useUnitId],
    queryFn: () => client.entities.useUnit.get(useUnitId),
    retry: false,
    meta: { silent: true },
  });
  const { lifts, buildings } = useUnitLifts(unit.data ? useUnitId : 0);
  const name = unit.data ? String(unit.data.name) : (params.useUnitName ?? '');
  const shown = props.building ? buildings.filter(([b]) => b === (params.buildingNum ?? '')) : buildings;
  const label = (b: string) => (b ? t('monitoring.building', { no: b }) : t('monitoring.noBuilding'));
  return (
    <App>
      <FeedbackBridge />
      <LiveChannel />
      <Layout
        style={{ minHeight: '100vh', padding: 24 }}
        data-testid={props.building ? 'monitor-more' : 'mark-to-use-unit'}
      >
        {unit.isError ? (
          <RecordMissing error={unit.error} id={useUnitId} />
        ) : (
          <Card
            title={
              <Space>
                <Link to="/elevatorMonitor/useUnitMonitor">{MONITOR_LABEL?.[language]}</Link>
                <span>/</span>
                <span data-testid="unit-title">
                  {name}
                  {props.building ? ` · ${label(params.buildingNum ?? '')}` : ''}
                </span>
              </Space>
            }
          >
            {lifts.isLoading || unit.isLoading ? (
              <Spin style={{ display: 'block', margin: '48px auto' }} />
            ) : shown.length === 0 ? (
              <Empty />
            ) : (
              shown.map(([building, list]) => (
                <section key={building} data-testid={`unit-building-${building}`} style={{ marginBottom: 24 }}>
                  <Typography.Title level={5}>
                    {props.building ? (
                      label(building)
                    ) : (
                      <Link to={buildingPath(useUnitId, building, name)}>{label(building)}</Link>
                    )}
                  </Typography.Title>
                  <Row gutter={[16, 16]}>
                    {list.map((lift) => (
                      <Col key={lift.id} xs={24} md={12} xl={6}>
                        <Link to={`/singleMonitor/${lift.id}`} style={{ color: 'inherit' }}>
                          <ElevatorTile elevatorId={lift.id} title={lift.name} />
                        </Link>
                      </Col>
                    ))}
                  </Row>
                </section>
              ))
            )}
          </Card>
        )}
      </Layout>
    </App>
  );
}
