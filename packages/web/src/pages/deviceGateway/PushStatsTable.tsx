import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAGE_SIZES,
  PUSH_KINDS,
  setGatewaysBlacklisted,
  translate,
  type PushStatsListQuery,
  type PushStatsRow,
  type PushStatsSort,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { TableStatus, type TableState } from '../../components/list/TableStatus';
import { useKindLabel } from './kindLabels';
import { PushStatsDrawer } from './PushStatsDrawer';

const SORTABLE: Record<string, PushStatsSort> = {
  dtuCode: 'dtuCode',
  today: 'today',
  week: 'week',
  lastPush: 'lastPush',
};

/**
 * Every gateway of the platform with what it pushed today and in the last 7 UTC days, busiest first; a row
 * opens its per-day statistics; blacklist on and off per gateway.
 */
export function PushStatsTable() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const kindLabel = useKindLabel();
  const [dtuInput, setDtuInput] = useState('');
  const [query, setQuery] = useState<PushStatsListQuery>({ pageNo: 1, pageSize: 20, sort: 'week', order: 'desc' });
  const [open, setOpen] = useState<PushStatsRow | null>(null);
  const list = useQuery({
    queryKey: ['pushStats', 'list', query],
    queryFn: () => client.pushStats.list(query),
    placeholderData: keepPreviousData,
  });
  const blacklist = useMutation({
    mutationFn: ({ id, black }: { id: number; black: boolean }) =>
      client.call(setGatewaysBlacklisted, { body: { ids: [id], black } }),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      void queryClient.invalidateQueries({ queryKey: ['pushStats', 'list'] });
    },
  });

  const rows = list.data?.records ?? [];
  const state: TableState = list.isFetching ? 'loading' : list.isError ? 'error' : rows.length ? 'finish' : 'empty';
  const sortOrder = (key: PushStatsSort) =>
    query.sort === key ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const pair = (row: PushStatsRow, kind: keyof PushStatsRow['week']) => `${row.today[kind]} / ${row.week[kind]}`;

  const columns: ColumnType<PushStatsRow>[] = [
    { key: 'dtuCode', dataIndex: 'dtuCode', title: t('pushStats.dtu'), sorter: true, sortOrder: sortOrder('dtuCode') },
    { key: 'tenantName', dataIndex: 'tenantName', title: t('pushStats.tenant') },
    { key: 'elevatorName', dataIndex: 'elevatorName', title: t('pushStats.elevator'), render: (v) => v ?? '-' },
    {
      key: 'online',
      title: t('pushStats.online'),
      render: (_, row) => (
        <Tag color={row.online ? 'green' : 'default'}>
          {t(row.online ? 'pushStats.isOnline' : 'pushStats.isOffline')}
        </Tag>
      ),
    },
    {
      key: 'blacklisted',
      title: t('pushStats.blacklisted'),
      render: (_, row) => (row.blacklisted ? <Tag color="red">{t('common.yes')}</Tag> : t('common.no')),
    },
    {
      key: 'today',
      title: t('pushStats.today'),
      sorter: true,
      sortOrder: sortOrder('today'),
      render: (_, row) => row.today.total,
    },
    {
      key: 'week',
      title: t('pushStats.week'),
      sorter: true,
      sortOrder: sortOrder('week'),
      render: (_, row) => <strong data-testid={`push-week-${row.dtuCode}`}>{row.week.total}</strong>,
    },
    ...PUSH_KINDS.map((kind): ColumnType<PushStatsRow> => ({
      key: kind,
      title: `${kindLabel(kind)} (${t('pushStats.todayWeek')})`,
      render: (_, row) => pair(row, kind),
    })),
    {
      key: 'dropped',
      title: `${t('pushStats.dropped')} (${t('pushStats.todayWeek')})`,
      render: (_, r) => pair(r, 'dropped'),
    },
    {
      key: 'lastPush',
      dataIndex: 'lastPushTime',
      title: t('pushStats.lastPush'),
      sorter: true,
      sortOrder: sortOrder('lastPush'),
      render: (v) => v ?? '-',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size="small" onClick={(e) => e.stopPropagation()}>
          <Button size="small" type="link" onClick={() => setOpen(row)} data-testid={`push-detail-${row.dtuCode}`}>
            {t('common.detail')}
          </Button>
          <Popconfirm
            title={t(row.blacklisted ? 'pushStats.blacklistOffConfirm' : 'pushStats.blacklistOnConfirm')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => blacklist.mutate({ id: row.gatewayId, black: !row.blacklisted })}
          >
            <Button size="small" type="link" danger={!row.blacklisted} data-testid={`push-blacklist-${row.dtuCode}`}>
              {t(row.blacklisted ? 'registry.blacklistOff' : 'registry.blacklistOn')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="push-stats" data-state={state}>
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Input
          allowClear
          style={{ width: 240 }}
          placeholder={t('pushStats.dtu')}
          value={dtuInput}
          onChange={(e) => setDtuInput(e.target.value)}
          onPressEnter={() => setQuery({ ...query, pageNo: 1, dtuCode: dtuInput.trim() || undefined })}
          data-testid="push-stats-dtu"
        />
        <Button type="primary" onClick={() => setQuery({ ...query, pageNo: 1, dtuCode: dtuInput.trim() || undefined })}>
          {t('common.search')}
        </Button>
        <Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>
      </Flex>
      <Table<PushStatsRow>
        rowKey="gatewayId"
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={list.isError ? [] : rows}
        loading={list.isFetching}
        onRow={(row) => ({ onClick: () => setOpen(row), style: { cursor: 'pointer' } })}
        onChange={(pagination, _filters, sorter) => {
          const s = sorter as SorterResult<PushStatsRow>;
          const sort = s.order ? SORTABLE[String(s.columnKey)] : undefined;
          setQuery({
            ...query,
            pageNo: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? 20,
            sort: sort ?? 'week',
            order: s.order === 'ascend' ? 'asc' : 'desc',
          });
        }}
        locale={{
          emptyText:
            state === 'loading' ? (
              ' '
            ) : (
              <TableStatus state={state} message={list.error?.message} onRefresh={() => void list.refetch()} />
            ),
        }}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('common.total', { count: total }),
        }}
      />
      <PushStatsDrawer gatewayId={open?.gatewayId ?? null} dtuCode={open?.dtuCode} onClose={() => setOpen(null)} />
    </Card>
  );
}
