import { alarmType, enumLabel, type MonitoringOverview } from '@liftcloud/client';
import {
  App,
  Badge,
  Button,
  Card,
  Col,
  ConfigProvider,
  Flex,
  Layout,
  List,
  Result,
  Row,
  Statistic,
  Tag,
  theme,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useConsole, useLanguage } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { useBranding } from '../../branding/useBranding';
import { LiveChannel } from '../../live/LiveChannel';
import { useLiveOverview } from '../../live/useLiveOverview';
import { PageAccess } from '../../routes/PageAccess';
import { HEALTH_COLORS, useHealth } from '../../health/useHealth';
import { CHART_COLORS, DailyChart } from './DailyChart';

/**
 * /cloudKanban, a large-screen page of its own (index 406, China only). Its path is public in the route guard
 * (console-shell.md §2.3), but the figures come from a signed-in call: anyone else gets a sign-in card.
 */
export default function KanbanPage() {
  const { session } = useConsole();
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <App>
        <FeedbackBridge />
        {session ? <LiveChannel /> : null}
        <Layout style={{ minHeight: '100vh', padding: 20, background: '#0b1526' }} data-testid="kanban">
          {session ? (
            <PageAccess path="/cloudKanban">
              <Kanban />
            </PageAccess>
          ) : (
            <SignIn />
          )}
        </Layout>
      </App>
    </ConfigProvider>
  );
}

function SignIn() {
  const { t } = useTranslation();
  return (
    <Card data-testid="kanban-sign-in" style={{ maxWidth: 520, margin: '15vh auto' }}>
      <Result
        status="403"
        title={t('kanban.signIn')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('login.submit')}</Button>
          </Link>
        }
      />
    </Card>
  );
}

function Figure(props: { id: string; title: string; value: number | undefined; color?: string }) {
  return (
    <Card size="small" data-testid={`kanban-${props.id}`} data-value={props.value ?? ''}>
      <Statistic
        title={props.title}
        value={props.value ?? '-'}
        styles={{ content: { color: props.color, fontSize: 34 } }}
      />
    </Card>
  );
}

function Kanban() {
  const { t } = useTranslation();
  const branding = useBranding();
  const overview = useLiveOverview();
  const o: MonitoringOverview | undefined = overview.data;
  const health = useHealth();
  const atLevel = (level: number) => health.data?.filter((h) => h.level === level).length;
  const figures: [string, string, number | undefined, string?][] = [
    ['elevators', t('kanban.elevators'), o?.elevators.total],
    ['online', t('kanban.online'), o?.elevators.online, '#52c41a'],
    ['offline', t('kanban.offline'), o?.elevators.offline, '#8c8c8c'],
    ['open-orders', t('kanban.openOrders'), o?.openOrders.total, '#fa8c16'],
    ['alarms-today', t('kanban.alarmsToday'), o?.alarms.today, CHART_COLORS.alarms],
    ['alarms-7', t('kanban.alarms7'), o?.alarms.last7Days, CHART_COLORS.alarms],
    ['faults-today', t('kanban.faultsToday'), o?.faults.today, CHART_COLORS.faults],
    ['faults-7', t('kanban.faults7'), o?.faults.last7Days, CHART_COLORS.faults],
    ['trapped-today', t('kanban.trappedToday'), o?.trapped.today, '#ff7875'],
    ['trapped-7', t('kanban.trapped7'), o?.trapped.last7Days, '#ff7875'],
    // the health index (docs/health-index.md): how many elevators at each level
    ['health-low', t('health.low'), atLevel(1), HEALTH_COLORS[1]],
    ['health-middle', t('health.middle'), atLevel(2), HEALTH_COLORS[2]],
    ['health-high', t('health.high'), atLevel(3), HEALTH_COLORS[3]],
  ];
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {branding?.systemName ? `${branding.systemName} · ` : ''}
          {t('kanban.title')}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="kanban-updated">
          {overview.dataUpdatedAt
            ? t('kanban.updated', { time: dayjs(overview.dataUpdatedAt).format('HH:mm:ss') })
            : ''}
        </Typography.Text>
      </Flex>
      <Row gutter={[12, 12]}>
        {figures.map(([id, title, value, color]) => (
          <Col key={id} xs={12} md={8} xl={{ flex: '20%' }}>
            <Figure id={id} title={title} value={value} color={color} />
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={15}>
          <Card title={t('kanban.chart')} extra={<ChartLegend />}>
            <DailyChart days={o?.days ?? []} labels={{ alarms: t('kanban.alarms'), faults: t('kanban.faults') }} />
          </Card>
          <Card size="small" style={{ marginTop: 12 }} data-testid="kanban-orders">
            <Flex gap={24} wrap>
              <Typography.Text strong>{t('kanban.openOrders')}</Typography.Text>
              <Typography.Text data-testid="kanban-reported">{`${t('kanban.reported')} ${o?.openOrders.reported ?? '-'}`}</Typography.Text>
              <Typography.Text data-testid="kanban-received">{`${t('kanban.received')} ${o?.openOrders.received ?? '-'}`}</Typography.Text>
              <Typography.Text data-testid="kanban-on-site">{`${t('kanban.onSite')} ${o?.openOrders.onSite ?? '-'}`}</Typography.Text>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <LatestAlarms overview={o} loading={overview.isLoading} />
        </Col>
      </Row>
    </Flex>
  );
}

function ChartLegend() {
  const { t } = useTranslation();
  return (
    <Flex gap={16}>
      <Badge color={CHART_COLORS.alarms} text={t('kanban.alarms')} />
      <Badge color={CHART_COLORS.faults} text={t('kanban.faults')} />
    </Flex>
  );
}

function LatestAlarms(props: { overview: MonitoringOverview | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Card
      title={t('kanban.latestAlarms')}
      data-testid="kanban-alarms"
      styles={{ body: { maxHeight: 420, overflow: 'auto' } }}
    >
      <List
        size="small"
        loading={props.loading}
        dataSource={props.overview?.latestAlarms ?? []}
        locale={{ emptyText: t('kanban.noAlarms') }}
        renderItem={(a) => (
          <List.Item key={a.id} data-testid={`kanban-alarm-${a.id}`}>
            <Flex justify="space-between" style={{ width: '100%' }} gap={8}>
              <Typography.Text ellipsis>{a.elevatorName ?? `#${a.elevatorId}`}</Typography.Text>
              <Flex gap={8} align="center">
                <Tag color={a.type === 1 ? 'red' : 'volcano'}>{enumLabel(alarmType, a.type, language)}</Tag>
                <Typography.Text type="secondary">{a.alarmTime.slice(5, 16)}</Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
