import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { HomeOverview } from '@liftcloud/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hrefOf, homeLinks, type HomeLink } from './homeLinks';

const COLORS = { ok: '#52c41a', warn: '#faad14', bad: '#ff4d4f', plain: '#1677ff', quiet: '#8c8c8c' } as const;

/** One figure: its number (coloured when it asks for attention) and label, the whole a link to its list. */
function Figure(props: { id: string; label: string; value: number; to: HomeLink; color?: string; extra?: string }) {
  const color = props.value === 0 ? COLORS.quiet : (props.color ?? COLORS.plain);
  return (
    <Link
      to={hrefOf(props.to)}
      data-testid={`home-figure-${props.id}`}
      data-value={props.value}
      style={{ display: 'block', padding: '4px 12px 4px 0', minWidth: 96 }}
    >
      <div style={{ fontSize: 28, lineHeight: '36px', fontWeight: 600, color }}>{props.value}</div>
      <div style={{ color: 'rgba(0,0,0,0.65)' }}>
        {props.label}
        {props.extra ? <span style={{ color: COLORS.quiet }}> {props.extra}</span> : null}
      </div>
    </Link>
  );
}

const Figures = (props: { children: React.ReactNode }) => (
  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{props.children}</div>
);

/** Faults per day of the week as bars, each a link to that day's faults. */
function WeekBars(props: { o: HomeOverview; perDay: number[] }) {
  const { t } = useTranslation();
  const links = homeLinks(props.o);
  const top = Math.max(1, ...props.perDay);
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end', gap: 6, height: 72, marginTop: 8 }}>
      {props.o.week.map((date, i) => {
        const count = props.perDay[i] ?? 0;
        return (
          <Link
            key={date}
            to={hrefOf(links.faultsOn(date))}
            data-testid={`home-fault-day-${date}`}
            data-value={count}
            title={t('home.faultsOn', { date, count })}
            style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', height: '100%' }}
          >
            <div style={{ flex: 1, width: '100%', display: 'flex', alignItems: 'flex-end' }}>
              <div
                style={{
                  width: '100%',
                  height: `${Math.max(count ? 8 : 2, (count / top) * 100)}%`,
                  background: count ? COLORS.warn : '#f0f0f0',
                  borderRadius: 2,
                }}
              />
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {date.slice(5)}
            </Typography.Text>
          </Link>
        );
      })}
    </div>
  );
}

/**
 * The dispatcher's figures (GET home/overview): elevators online and offline, open repair orders by state,
 * trapped passengers today, faults over the week, silent gateways, maintenance due and overdue. A group the
 * user may not list is left out.
 */
export function OverviewFigures(props: { overview: HomeOverview | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const o = props.overview;
  if (!o) return <Card data-testid="home-overview">{props.loading ? <Skeleton active /> : null}</Card>;
  const links = homeLinks(o);
  const groups: { key: string; title: string; body: React.ReactNode }[] = [];
  if (o.elevators)
    groups.push({
      key: 'elevators',
      title: t('home.elevators'),
      body: (
        <Figures>
          <Figure
            id="elevators-online"
            label={t('home.online')}
            value={o.elevators.online}
            to={links.elevatorsOnline}
            color={COLORS.ok}
          />
          <Figure
            id="elevators-offline"
            label={t('home.offline')}
            value={o.elevators.offline}
            to={links.elevatorsOffline}
            color={COLORS.bad}
          />
          <Figure id="elevators-total" label={t('home.total')} value={o.elevators.total} to={links.elevatorsTotal} />
        </Figures>
      ),
    });
  if (o.repairOrders)
    groups.push({
      key: 'orders',
      title: t('home.openAlarms'),
      body: (
        <Figures>
          <Figure
            id="orders-reported"
            label={t('home.reported')}
            value={o.repairOrders.reported}
            to={links.ordersReported}
            color={COLORS.bad}
          />
          <Figure
            id="orders-received"
            label={t('home.received')}
            value={o.repairOrders.received}
            to={links.ordersReceived}
            color={COLORS.warn}
          />
          <Figure id="orders-onSite" label={t('home.onSite')} value={o.repairOrders.onSite} to={links.ordersOnSite} />
          <Figure
            id="trapped-today"
            label={t('home.trappedToday')}
            value={o.repairOrders.trappedToday}
            to={links.trappedToday}
            color={COLORS.bad}
          />
        </Figures>
      ),
    });
  if (o.faults)
    groups.push({
      key: 'faults',
      title: t('home.faultsWeek'),
      body: (
        <>
          <Figures>
            <Figure
              id="faults-week"
              label={t('home.total')}
              value={o.faults.week}
              to={links.faultsWeek}
              color={COLORS.warn}
            />
          </Figures>
          <WeekBars o={o} perDay={o.faults.perDay} />
        </>
      ),
    });
  if (o.gateways)
    groups.push({
      key: 'gateways',
      title: t('home.gateways'),
      body: (
        <Figures>
          <Figure
            id="gateways-silent"
            label={t('home.silentGateways')}
            extra={t('home.ofTotal', { total: o.gateways.total })}
            value={o.gateways.silent}
            to={links.gatewaysSilent}
            color={COLORS.bad}
          />
        </Figures>
      ),
    });
  if (o.maintenance)
    groups.push({
      key: 'maintenance',
      title: t('home.maintenance'),
      body: (
        <Figures>
          <Figure
            id="maintenance-due"
            label={t('home.maintenanceDue')}
            value={o.maintenance.due}
            to={links.maintenanceDue}
            color={COLORS.warn}
          />
          <Figure
            id="maintenance-overdue"
            label={t('home.maintenanceOverdue')}
            value={o.maintenance.overdue}
            to={links.maintenanceOverdue}
            color={COLORS.bad}
          />
        </Figures>
      ),
    });
  if (groups.length === 0) return null;
  return (
    <Row gutter={[16, 16]} data-testid="home-overview">
      {groups.map((g) => (
        <Col key={g.key} xs={24} md={12} xl={8} data-testid={`home-group-${g.key}`}>
          <Card size="small" title={g.title} style={{ height: '100%' }}>
            {g.body}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
