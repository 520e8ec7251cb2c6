import { FilePdfOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Select, Table, Typography } from 'antd';
import { useMemo } from 'react';
import {
  REPORT_LABELS,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  createReportShareLink,
  statisticsPeriod,
  type Download,
  type Language,
  type ReportShareLinkBody,
  type Statistics,
  type StatisticsRow,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { saveBlob } from '../../components/files/saveBlob';
import type { ChartSeries } from '../statistics/StatsChart';

/** The chart's series in the reader's language, the colours the PDF uses (services/report-pdf.ts). */
export function useSeries(): ChartSeries[] {
  const { language } = useConsole();
  return useMemo(
    () => [
      { key: 'faults', label: STATISTICS_LABELS.faults[language], color: '#faad14' },
      { key: 'alarms', label: STATISTICS_LABELS.alarms[language], color: '#ff4d4f' },
      { key: 'trapped', label: STATISTICS_LABELS.trapped[language], color: '#722ed1' },
      { key: 'powerCuts', label: STATISTICS_LABELS.powerCuts[language], color: '#1677ff' },
    ],
    [language],
  );
}

export const reportLabel = (language: Language, k: keyof typeof REPORT_LABELS) => REPORT_LABELS[k][language];

export function PeriodSelect(props: { value: number; onChange: (v: number) => void }) {
  const { language } = useConsole();
  return (
    <Select
      style={{ minWidth: 160 }}
      value={props.value}
      data-testid="report-period"
      options={statisticsPeriod.options.map((o) => ({ value: o.code, label: o.label[language] }))}
      onChange={props.onChange}
    />
  );
}

/** Downloads the report's PDF (the same content as the page, in the reader's language). */
export function PdfButton(props: { load: () => Promise<Download>; fallbackName: string }) {
  const pdf = useMutation({
    mutationFn: async () => {
      const file = await props.load();
      saveBlob(file.blob, file.fileName ?? props.fallbackName);
    },
  });
  return (
    <Button icon={<FilePdfOutlined />} loading={pdf.isPending} onClick={() => pdf.mutate()} data-testid="report-pdf">
      PDF
    </Button>
  );
}

/** Mints a signed public link to the report (monitor or fault report) and shows it, with its PDF link, to copy. */
export function ShareReportButton(props: { body: ReportShareLinkBody }) {
  const { client, language } = useConsole();
  const share = useMutation({ mutationFn: () => client.call(createReportShareLink, { body: props.body }) });
  const origin = window.location.origin;
  return (
    <span>
      <Button
        icon={<ShareAltOutlined />}
        loading={share.isPending}
        onClick={() => share.mutate()}
        data-testid="report-share"
      >
        {reportLabel(language, 'share')}
      </Button>
      {share.data ? (
        <span data-testid="report-share-link">
          <Typography.Paragraph copyable style={{ margin: '8px 0 0' }}>
            {origin + share.data.path}
          </Typography.Paragraph>
          <Typography.Paragraph copyable style={{ margin: 0 }}>
            {origin + share.data.pdfPath}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {reportLabel(language, 'linkValid')}: {share.data.expireTime}
          </Typography.Text>
        </span>
      ) : null}
    </span>
  );
}

/** The statistics table of a report: one row per elevator, then the totals, the columns the PDF prints. */
export function ReportTable(props: {
  rows: StatisticsRow[];
  totals?: Statistics['totals'];
  columns?: readonly (keyof StatisticsRow)[];
}) {
  const { language } = useConsole();
  const columns = props.columns ?? STATISTICS_COLUMNS;
  const totals = props.totals;
  return (
    <Table<StatisticsRow>
      size="small"
      rowKey={(r) => String(r.id)}
      dataSource={props.rows}
      data-testid="report-table"
      pagination={false}
      scroll={{ x: true }}
      columns={columns.map((c) => ({
        key: c,
        dataIndex: c,
        title: STATISTICS_LABELS[c as keyof typeof STATISTICS_LABELS][language],
        render: (v: unknown) => (v === null || v === undefined ? '–' : String(v)),
      }))}
      summary={() =>
        totals ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{STATISTICS_LABELS.total[language]}</Table.Summary.Cell>
            {columns.slice(1).map((c, i) => (
              <Table.Summary.Cell key={c} index={i + 1}>
                {String(totals[c as keyof typeof totals] ?? '–')}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
