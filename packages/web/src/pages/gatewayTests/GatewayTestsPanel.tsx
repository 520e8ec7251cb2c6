import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LIVE_FRAME_TYPE,
  enumLabel,
  gatewayTestActive,
  gatewayTest,
  gatewayTestState,
  translate,
  type GatewayTest,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { TableStatus, type TableState } from '../../components/list/TableStatus';
import { useLocalized } from '../../i18n/useLocalized';
import { useLiveFrames } from '../../live/liveFrames';
import { GatewayTestForm } from './GatewayTestForm';
import { GatewayTestResults } from './GatewayTestResults';

const STATE_COLORS = ['default', 'processing', 'success', 'warning'] as const;
const PAGE_SIZE = 20;
const active = gatewayTestActive;

/** Gateway tests (the "Gateway test" tab of /deviceGateway): start one, follow each gateway's window, cancel. */
export default function GatewayTestsPanel() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const local = useLocalized();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [expanded, setExpanded] = useState<number[]>([]);
  const list = useQuery({
    queryKey: ['gatewayTests', 'list', pageNo],
    queryFn: () => client.entities.gatewayTest.list({ pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some(active) ? 2_000 : false),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['gatewayTests'] });
  // The server pushes each test's progress: the list and that test's results are read again (polling, below
  // and in the results, covers a lost live channel)
  useLiveFrames((frame) => {
    if (frame.type !== LIVE_FRAME_TYPE.gatewayTest) return;
    void queryClient.invalidateQueries({ queryKey: ['gatewayTests', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['gatewayTests', 'detail', frame.data.id] });
  });
  const cancel = useMutation({
    mutationFn: (id: number) => client.gatewayTests.cancel(id),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      refresh();
    },
  });

  const rows = list.data?.records ?? [];
  const state: TableState = list.isFetching && !list.data ? 'loading' : list.isError ? 'error' : 'finish';
  const label = (key: keyof typeof gatewayTest.fields) => local(gatewayTest.fields[key].label);
  const columns: ColumnType<GatewayTest>[] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
    { key: 'dtuCodes', title: label('dtuCodes'), render: (_, r) => r.dtuCodes.join(', ') },
    {
      key: 'state',
      title: label('state'),
      render: (_, r) => (
        <Tag color={STATE_COLORS[r.state ?? 0]} data-testid={`gateway-test-state-${r.id}`}>
          {enumLabel(gatewayTestState, r.state, language)}
        </Tag>
      ),
    },
    { key: 'passBenchmark', title: label('passBenchmark'), render: (_, r) => r.passBenchmark ?? '-' },
    {
      key: 'counts',
      title: `${label('passedCount')} / ${label('failedCount')}`,
      render: (_, r) => `${r.passedCount ?? 0} / ${r.failedCount ?? 0}`,
    },
    { key: 'createdBy', dataIndex: 'createdBy', title: label('createdBy') },
    { key: 'createTime', dataIndex: 'createTime', title: t('gatewayTests.created') },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) =>
        active(r) ? (
          <Popconfirm title={t('gatewayTests.cancelConfirm')} onConfirm={() => cancel.mutate(r.id)}>
            <Button size="small" type="link" danger data-testid={`gateway-test-cancel-${r.id}`}>
              {t('gatewayTests.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="gateway-tests">
      <GatewayTestForm
        onCreated={(test) => {
          setPageNo(1);
          setExpanded([test.id]);
          refresh();
        }}
      />
      <Card title={t('gatewayTests.title')} size="small" data-state={state}>
        {state === 'error' ? (
          <TableStatus state={state} onRefresh={refresh} />
        ) : (
          <Table
            rowKey="id"
            size="small"
            loading={state === 'loading'}
            columns={columns}
            dataSource={rows}
            expandable={{
              expandedRowKeys: expanded,
              onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
              expandedRowRender: (r) => <GatewayTestResults id={r.id} />,
            }}
            pagination={{
              current: pageNo,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              onChange: setPageNo,
              showSizeChanger: false,
            }}
          />
        )}
      </Card>
    </Flex>
  );
}
