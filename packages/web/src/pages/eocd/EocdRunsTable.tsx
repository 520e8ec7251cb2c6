import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { createEocdElevatorShareLink, eocdRun, type Page } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { fieldColumns, type Row } from '../../components/list/fieldColumns';
import { ShareLinkButton } from '../workOrders/ShareLinkButton';

const COLUMNS = [
  'runTime',
  'isoHorizontalPeakToPeak',
  'isoHorizontalA95',
  'isoVerticalPeakToPeak',
  'isoVerticalA95',
  'lowPassHorizontal',
  'lowPassVertical',
  'sampleRate',
];

/** An elevator's EOCD runs, newest first, with their metrics; each opens its waveform; a link to share them. */
export function EocdRunsTable({ elevatorId }: { elevatorId: number }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const list = useQuery({
    queryKey: [eocdRun.path, 'elevator', elevatorId],
    queryFn: () => client.entities.eocdRun.list({ elevatorId, pageNo: 1, pageSize: 50 }) as Promise<Page<Row>>,
  });
  const columns = [
    ...fieldColumns(eocdRun, COLUMNS, language),
    {
      key: 'overLimit',
      title: eocdRun.fields.overLimit.label[language],
      render: (_: unknown, row: Row) =>
        row.overLimit ? <Tag color="red">{t('eocd.over')}</Tag> : <Tag color="green">{t('eocd.within')}</Tag>,
    },
    {
      key: 'waveform',
      title: t('eocd.waveform'),
      render: (_: unknown, row: Row) =>
        row.samplesKept ? (
          <Link to={`/eocdRun/${row.id}`} data-testid={`waveform-${row.id}`}>
            {t('eocd.waveform')}
          </Link>
        ) : (
          t('eocd.samplesGone')
        ),
    },
  ];
  return (
    <>
      {/* a signed link to the elevator's public ride-quality page (/eocdPrivate) */}
      <div style={{ marginBottom: 8 }}>
        <ShareLinkButton
          label={t('eocd.shareElevator')}
          create={() => client.call(createEocdElevatorShareLink, { params: { id: elevatorId }, body: {} })}
        />
      </div>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: true }}
        data-testid="eocd-runs"
      />
    </>
  );
}
