import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Progress, Select, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import {
  LIVE_FRAME_TYPE,
  OTA_BURN,
  enumLabel,
  otaBurn,
  otaBurnErrorText,
  otaBurnState,
  otaProgram,
  startOtaBurn,
  translate,
  type RecordOf,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { RefSelect } from '../../components/options/RefSelect';
import { targetEntity } from '../../components/options/refTarget';
import { useLocalized } from '../../i18n/useLocalized';
import { useLiveFrames } from '../../live/liveFrames';
import { OTA_TEXT } from './otaText';

type Burn = RecordOf<typeof otaBurn.fields>;
const STATE_COLORS = ['default', 'processing', 'success', 'error'] as const;
const PAGE_SIZE = 50;
const PROGRAM = targetEntity(otaProgram.name)!;

/**
 * OTA burning (/otaBurn, index 873): pick a program and gateways, start (one burn of the company's approved
 * quota each, all or none), and follow each gateway's progress live (otaBurn frames; polling while any runs).
 */
export default function OtaBurnPage() {
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const local = useLocalized();
  const queryClient = useQueryClient();
  const [programId, setProgramId] = useState<number | null>(null);
  const [dtus, setDtus] = useState<string[]>([]);
  const list = useQuery({
    queryKey: [otaBurn.path, 'list', programId],
    queryFn: () =>
      client.entities.otaBurn.list({ pageNo: 1, pageSize: PAGE_SIZE, ...(programId ? { programId } : {}) }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.records.some((b) => Number(b.state) <= OTA_BURN.transferring) ? 3_000 : false,
  });
  useLiveFrames((frame) => {
    if (frame.type !== LIVE_FRAME_TYPE.otaBurn) return;
    // the frame carries the burn's state and progress: patch the row at once, without a round trip
    queryClient.setQueriesData<{ records: Burn[] }>({ queryKey: [otaBurn.path, 'list'] }, (old) =>
      old
        ? {
            ...old,
            records: old.records.map((b) =>
              b.id === frame.data.id
                ? {
                    ...b,
                    state: frame.data.state as Burn['state'],
                    progress: frame.data.progress,
                    error: frame.data.error ?? null,
                  }
                : b,
            ),
          }
        : old,
    );
  });
  const start = useMutation({
    mutationFn: () => client.call(startOtaBurn, { params: { id: programId! }, body: { dtus } }),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      setDtus([]);
      void queryClient.invalidateQueries({ queryKey: [otaBurn.path] });
    },
  });
  const label = (key: keyof typeof otaBurn.fields) => local(otaBurn.fields[key].label);
  const columns: ColumnType<Burn>[] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
    { key: 'programName', dataIndex: 'programName', title: label('programName') },
    { key: 'dtu', dataIndex: 'dtu', title: label('dtu') },
    {
      key: 'state',
      title: label('state'),
      render: (_, r) => (
        <Flex vertical gap={2} align="start">
          <Tag color={STATE_COLORS[Number(r.state ?? 0)]} data-testid={`ota-burn-state-${r.dtu}`}>
            {enumLabel(otaBurnState, r.state, language)}
          </Tag>
          {Number(r.state) === OTA_BURN.waiting && r.gatewayOnline !== true ? (
            <Typography.Text type="warning" data-testid={`ota-burn-offline-${r.dtu}`}>
              {OTA_TEXT.offlineWait[language]}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'progress',
      title: label('progress'),
      width: 220,
      render: (_, r) => (
        <Progress
          percent={Number(r.progress ?? 0)}
          size="small"
          status={Number(r.state) === OTA_BURN.failed ? 'exception' : undefined}
        />
      ),
    },
    {
      key: 'error',
      title: label('error'),
      render: (_, r) => otaBurnErrorText(r.error as string | null, language),
    },
    { key: 'startedBy', dataIndex: 'startedBy', title: label('startedBy') },
    { key: 'finishTime', dataIndex: 'finishTime', title: label('finishTime') },
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <RefSelect
            entity={PROGRAM}
            value={programId}
            onChange={(v) => setProgramId(typeof v === 'number' ? v : null)}
            placeholder={OTA_TEXT.program[language]}
            style={{ width: 280 }}
            testId="ota-burn-program"
          />
          <Select
            mode="tags"
            value={dtus}
            onChange={(v: string[]) => setDtus(v.map((d) => d.trim()).filter(Boolean))}
            tokenSeparators={[',', ' ']}
            placeholder={OTA_TEXT.dtus[language]}
            style={{ minWidth: 360 }}
            data-testid="ota-burn-dtus"
            open={false}
          />
          <Button
            type="primary"
            disabled={!programId || dtus.length === 0}
            loading={start.isPending}
            onClick={() => start.mutate()}
            data-testid="ota-burn-start"
          >
            {OTA_TEXT.burn[language]}
          </Button>
        </Flex>
      </Card>
      <Table<Burn>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching && !list.data}
        pagination={false}
      />
    </Flex>
  );
}
