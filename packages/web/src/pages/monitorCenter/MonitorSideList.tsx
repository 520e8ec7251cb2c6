import { alarmType, enumLabel, workOrderState, type MonitoringOverview } from '@liftcloud/client';
import { Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/ConsoleContext';

/** The latest alarms and open repair orders of the chosen elevators. */
export function MonitorSideList(props: { overview: MonitoringOverview | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const alarms = props.overview?.latestAlarms ?? [];
  const orders = props.overview?.latestOpenOrders ?? [];
  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('monitorCenter.alarms')} data-testid="side-alarms">
        <List
          size="small"
          loading={props.loading}
          dataSource={alarms}
          locale={{ emptyText: t('monitorCenter.noAlarms') }}
          renderItem={(a) => (
            <List.Item key={a.id} data-testid={`side-alarm-${a.id}`}>
              <Flex vertical style={{ width: '100%' }}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong ellipsis>
                    {a.elevatorName ?? `#${a.elevatorId}`}
                  </Typography.Text>
                  <Tag color={a.type === 1 ? 'red' : 'volcano'}>{enumLabel(alarmType, a.type, language)}</Tag>
                </Flex>
                <Typography.Text type="secondary">
                  {a.alarmTime}
                  {a.floor == null ? '' : ` · ${t('monitoring.floor')} ${a.floor}`}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={t('monitorCenter.openOrders')} data-testid="side-orders">
        <List
          size="small"
          loading={props.loading}
          dataSource={orders}
          locale={{ emptyText: t('monitorCenter.noOrders') }}
          renderItem={(o) => (
            <List.Item key={o.id} data-testid={`side-order-${o.id}`}>
              <Flex vertical style={{ width: '100%' }}>
                <Flex justify="space-between" gap={8}>
                  <a href={`/workOrder/${o.id}`} target="_blank" rel="noopener noreferrer">
                    {o.workOrderNo ?? `#${o.id}`}
                  </a>
                  <Tag color="orange">{enumLabel(workOrderState, o.recordState, language)}</Tag>
                </Flex>
                <Typography.Text type="secondary" ellipsis>
                  {o.elevatorName ?? `#${o.elevatorId}`} · {enumLabel(alarmType, o.type, language)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
