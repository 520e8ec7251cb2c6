import Type, { type Static } from 'typebox';
import { statisticsPeriod } from '../enums.js';
import { L } from '../schema/fields.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, fileAnswer, named } from './components.js';
import { defineOperation } from './define.js';
import { StatisticsRow, Statistics } from './statistics.js';

/** The kinds of report liftctl and the console make; each is also a PDF (docs/decisions.md "Reports"). */
export const REPORT_KINDS = ['elevator'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const ReportQuery = named(
  'ReportQuery',
  Type.Object({
    period: Type.Integer({
      enum: statisticsPeriod.options.map((o) => o.code),
      'x-label': L('统计周期', 'Period', 'Periodo'),
    }),
  }),
);
export type ReportQuery = Static<typeof ReportQuery>;

/** One elevator's report (/singleElevatorReport/{id}): its figures over the period, by month, and its supervision. */
export const ElevatorReport = named(
  'ElevatorReport',
  Type.Object({
    elevator: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      no: Type.Union([Type.String(), Type.Null()]),
      useUnit: Type.Union([Type.String(), Type.Null()]),
    }),
    period: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    figures: StatisticsRow,
    months: Statistics.properties.months,
    supervision: Type.Object({
      records: Type.Integer({ minimum: 0 }),
      abnormal: Type.Integer({ minimum: 0 }),
      toHandle: Type.Integer({ minimum: 0 }),
    }),
  }),
);
export type ElevatorReport = Static<typeof ElevatorReport>;

export const getElevatorReport = defineOperation({
  operationId: 'getElevatorReport',
  method: 'GET',
  path: 'reports/elevator/:id',
  permission: PERMISSION.aiStatistics,
  tags: ['reports'],
  summary: 'One elevator’s report over a period: figures, months and supervision',
  params: IdParams,
  query: ReportQuery,
  response: ElevatorReport,
});

/** The same report as a PDF in the request's language (CJK text in an embedded Noto Sans CJK subset). */
export const downloadElevatorReportPdf = defineOperation({
  operationId: 'downloadElevatorReportPdf',
  method: 'GET',
  path: 'reports/elevator/:id/pdf',
  permission: PERMISSION.aiStatistics,
  tags: ['reports'],
  summary: 'One elevator’s report as a PDF',
  params: IdParams,
  query: ReportQuery,
  produces: 'application/pdf',
  response: fileAnswer(),
});

export const REPORT_LABELS = {
  title: L('电梯运行报告', 'Elevator report', 'Rapporto ascensore'),
  elevator: L('电梯', 'Elevator', 'Ascensore'),
  no: L('编号', 'No.', 'Numero'),
  useUnit: L('使用单位', 'Use unit', 'Unità di utilizzo'),
  period: L('统计周期', 'Period', 'Periodo'),
  figures: L('运行指标', 'Figures', 'Indicatori'),
  months: L('按月', 'By month', 'Per mese'),
  supervision: L('日周月管控', 'Supervision', 'Supervisione'),
  records: L('管控记录', 'Records', 'Registri'),
  abnormal: L('异常', 'Abnormal', 'Anomali'),
  toHandle: L('待处理', 'To handle', 'Da gestire'),
  generated: L('生成时间', 'Generated', 'Generato'),
} as const;
