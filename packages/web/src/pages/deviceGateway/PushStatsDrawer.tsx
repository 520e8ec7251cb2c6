import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Flex, Result, Segmented, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTED_KINDS, dayText, utcDay, type PushCounts } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { useKindLabel } from './kindLabels';

const RANGES = [7, 14, 31] as const;
type DayRow = PushCounts & { day: string };

/** One gateway's pushes per UTC day: bars of accepted and dropped messages, and a table by kind. */
export function PushStatsDrawer(props: { gatewayId: number | null; dtuCode?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { client } = useConsole();
  const kindLabel = useKindLabel();
  const [days, setDays] = useState<(typeof RANGES)[number]>(7);
  const id = props.gatewayId;
  const to = utcDay();
  const stats = useQuery({
    queryKey: ['pushStats', 'gateway', id, days],
    queryFn: () => client.pushStats.ofGateway(id!, { from: dayText(to - days + 1), to: dayText(to) }),
    enabled: id !== null,
  });
  const data = stats.data;
  return (
    <Drawer
      open={id !== null}
      onClose={props.onClose}
      size={720}
      title={`${t('pushStats.title')} · ${data?.dtuCode ?? props.dtuCode ?? ''}`}
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="push-stats-drawer">
        <Segmented<(typeof RANGES)[number]>
          value={days}
          onChange={setDays}
          options={RANGES.map((n) => ({ value: n, label: t('pushStats.lastDays', { count: n }) }))}
          data-testid="push-stats-range"
        />
        {stats.isError ? (
          <Result status="warning" title={t('common.loadFailed')} subTitle={stats.error.message} />
        ) : (
          <>
            <Descriptions
              size="small"
              bordered
              column={2}
              items={[
                { key: 'total', label: t('pushStats.accepted'), children: data?.totals.total ?? '-' },
                { key: 'dropped', label: t('pushStats.dropped'), children: data?.totals.dropped ?? '-' },
                { key: 'first', label: t('pushStats.firstPush'), children: data?.firstPushTime ?? '-' },
                { key: 'last', label: t('pushStats.lastPush'), children: data?.lastPushTime ?? '-' },
              ]}
            />
            <DayBars rows={data?.days ?? []} />
            <Table<DayRow>
              rowKey="day"
              size="small"
              loading={stats.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={[...(data?.days ?? [])].reverse()}
              data-testid="push-stats-days"
              columns={[
                { key: 'day', dataIndex: 'day', title: t('pushStats.day'), fixed: 'left' },
                ...COUNTED_KINDS.map((kind) => ({ key: kind, dataIndex: kind, title: kindLabel(kind) })),
                { key: 'total', dataIndex: 'total', title: t('pushStats.accepted') },
                { key: 'dropped', dataIndex: 'dropped', title: t('pushStats.dropped') },
              ]}
            />
            <Typography.Text type="secondary">{t('pushStats.utcNote')}</Typography.Text>
          </>
        )}
      </Flex>
    </Drawer>
  );
}

/** A bar per day, its height the day's accepted messages, the dropped part on top in red. */
function DayBars(props: { rows: DayRow[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...props.rows.map((r) => r.total + r.dropped));
  return (
    <Flex align="flex-end" gap={4} style={{ height: 120 }} data-testid="push-stats-chart">
      {props.rows.map((r) => (
        <Tooltip
          key={r.day}
          title={`${r.day}: ${t('pushStats.accepted')} ${r.total}, ${t('pushStats.dropped')} ${r.dropped}`}
        >
          <Flex vertical justify="flex-end" style={{ flex: 1, height: '100%' }}>
            <div style={{ height: `${(r.dropped / max) * 100}%`, background: '#ff4d4f' }} />
            <div
              style={{
                height: `${(r.total / max) * 100}%`,
                minHeight: r.total ? 2 : 0,
                background: '#1677ff',
                borderTop: r.total + r.dropped ? undefined : '1px solid #d9d9d9',
              }}
            />
          </Flex>
        </Tooltip>
      ))}
    </Flex>
  );
}
