import Type, { type Static } from 'typebox';
import { statisticsPeriod } from '../enums.js';
import { L } from '../schema/fields.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, fileAnswer, named } from './components.js';
import { defineOperation } from './define.js';
import { ShareLinkBody } from './share-links.js';
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
  multiTitle: L('多梯运行报告', 'Elevators report', 'Rapporto ascensori'),
  chartTitle: L('电梯图表报告', 'Elevator chart', 'Grafico ascensore'),
  monitorTitle: L('电梯监测报告', 'Elevator monitoring report', 'Rapporto di monitoraggio ascensore'),
  faultTitle: L('电梯故障报告', 'Elevator fault report', 'Rapporto guasti ascensori'),
  elevators: L('电梯台数', 'Elevators', 'Ascensori'),
  byElevator: L('按电梯', 'By elevator', 'Per ascensore'),
  recent: L('最近事件', 'Recent events', 'Eventi recenti'),
  faultList: L('故障记录', 'Fault records', 'Registro guasti'),
  time: L('时间', 'Time', 'Ora'),
  event: L('事件', 'Event', 'Evento'),
  faultCode: L('故障代码', 'Fault code', 'Codice guasto'),
  floor: L('楼层', 'Floor', 'Piano'),
  fault: L('故障', 'Fault', 'Guasto'),
  alarm: L('报警', 'Alarm', 'Allarme'),
  linkValid: L('链接有效期至', 'Link valid until', 'Link valido fino a'),
  share: L('分享链接', 'Share link', 'Link di condivisione'),
  none: L('无', 'None', 'Nessuno'),
  more: L('另有 {n} 条未列出', '{n} more not listed', 'Altri {n} non elencati'),
} as const;

// ---- several elevators, one chart, and the signed public reports (docs/decisions.md "Reports") ----

/** The monthly series a chart report draws (/echartReport/{id}/{type}: `type` is one of these). */
export const REPORT_CHART_TYPES = ['faults', 'alarms', 'trapped', 'powerCuts'] as const;
export type ReportChartType = (typeof REPORT_CHART_TYPES)[number];

const idList = (maxLength: number) =>
  Type.String({
    maxLength,
    pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$',
    'x-label': L('电梯', 'Elevators', 'Ascensori'),
  });
const reportName = Type.Optional(
  Type.String({ maxLength: 100, 'x-label': L('报告名称', 'Report name', 'Nome del rapporto') }),
);
const period = Type.Integer({
  enum: statisticsPeriod.options.map((o) => o.code),
  'x-label': L('统计周期', 'Period', 'Periodo'),
});

/** At most this many elevators in one report (the PDF table stays a few pages long). */
export const REPORT_MAX_ELEVATORS = 200;

export const ElevatorsReportQuery = named(
  'ElevatorsReportQuery',
  Type.Object({ period, ids: idList(REPORT_MAX_ELEVATORS * 11), name: reportName }),
);
export type ElevatorsReportQuery = Static<typeof ElevatorsReportQuery>;

/** /multiElevatorReport/{elevatorsIds}/{reportName}: several elevators side by side, their totals and months. */
export const ElevatorsReport = named(
  'ElevatorsReport',
  Type.Object({
    name: Type.String(),
    period: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    rows: Type.Array(StatisticsRow),
    totals: Statistics.properties.totals,
    months: Statistics.properties.months,
    supervision: ElevatorReport.properties.supervision,
  }),
);
export type ElevatorsReport = Static<typeof ElevatorsReport>;

export const getElevatorsReport = defineOperation({
  operationId: 'getElevatorsReport',
  method: 'GET',
  path: 'reports/elevators',
  permission: PERMISSION.aiStatistics,
  tags: ['reports'],
  summary: 'Several elevators’ report over a period: one row each, totals, months and supervision',
  query: ElevatorsReportQuery,
  response: ElevatorsReport,
});

export const downloadElevatorsReportPdf = defineOperation({
  operationId: 'downloadElevatorsReportPdf',
  method: 'GET',
  path: 'reports/elevators/pdf',
  permission: PERMISSION.aiStatistics,
  tags: ['reports'],
  summary: 'Several elevators’ report as a PDF',
  query: ElevatorsReportQuery,
  produces: 'application/pdf',
  response: fileAnswer(),
});

export const ChartReportParams = Type.Object({
  id: IdParams.properties.id,
  type: Type.String({ enum: [...REPORT_CHART_TYPES], 'x-label': L('图表类型', 'Chart type', 'Tipo di grafico') }),
});

/** /echartReport/{id}/{type}: one series of one elevator by month, drawn large (the data is getElevatorReport's). */
export const downloadElevatorChartPdf = defineOperation({
  operationId: 'downloadElevatorChartPdf',
  method: 'GET',
  path: 'reports/elevator/:id/chart/:type/pdf',
  permission: PERMISSION.aiStatistics,
  tags: ['reports'],
  summary: 'One series of one elevator’s report as a chart, as a PDF',
  params: ChartReportParams,
  query: ReportQuery,
  produces: 'application/pdf',
  response: fileAnswer(),
});

/** The public reports a signed link opens: /monitorReport/{id} (one lift) and /genGzReport (faults of several). */
export const SHARED_REPORT_KINDS = ['monitor', 'faults'] as const;
export type SharedReportKind = (typeof SHARED_REPORT_KINDS)[number];

export const ReportShareLinkBody = named(
  'ReportShareLinkBody',
  Type.Object(
    {
      kind: Type.String({
        enum: [...SHARED_REPORT_KINDS],
        'x-label': L('报告类型', 'Report kind', 'Tipo di rapporto'),
      }),
      ids: idList(REPORT_MAX_ELEVATORS * 11),
      period,
      name: reportName,
      expiresInHours: ShareLinkBody.properties.expiresInHours,
    },
    { additionalProperties: false },
  ),
);
export type ReportShareLinkBody = Static<typeof ReportShareLinkBody>;

export const ReportShareLinkAnswer = named(
  'ReportShareLinkAnswer',
  Type.Object({
    /** `/monitorReport/{id}?…` or `/genGzReport?…`: put the console's origin before it. */
    path: Type.String(),
    /** `/pdf?…`: the same report as a PDF, through the same signature. */
    pdfPath: Type.String(),
    expireTime: Type.String(),
  }),
);
export type ReportShareLinkAnswer = Static<typeof ReportShareLinkAnswer>;

/** Minting a report link: logged in with 851, every elevator named visible to the caller. */
export const createReportShareLink = defineOperation({
  operationId: 'createReportShareLink',
  method: 'POST',
  path: 'reports/shareLink',
  permission: PERMISSION.aiStatistics,
  tags: ['reports'],
  summary: 'A signed link to a public report (monitor report or fault report) that opens without a login',
  body: ReportShareLinkBody,
  response: ReportShareLinkAnswer,
});

// Strings on purpose, as the work-order links: a malformed link gets the same 404 as a wrong one, not a 400.
const linkPart = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
export const SharedReportQuery = Type.Object({
  kind: linkPart(20),
  ids: linkPart(REPORT_MAX_ELEVATORS * 11),
  p: linkPart(2),
  name: linkPart(100),
  t: linkPart(12),
  sig: linkPart(100),
  exp: linkPart(20),
});
/** What a signed report link carries in its query string (`kind` only on /pdf). */
export type SharedReportLink = Static<typeof SharedReportQuery>;

const recentEvent = Type.Object({
  kind: Type.String({ enum: ['fault', 'alarm'] }),
  time: Type.String(),
  /** The fault number (E35…) or the alarmType code as text. */
  code: Type.String(),
  floor: Type.Union([Type.Integer(), Type.Null()]),
});

/** /monitorReport/{id}: one elevator's report and its latest faults and alarms of the period, for a reader without a login. */
export const MonitorReport = named(
  'MonitorReport',
  Type.Object({
    report: ElevatorReport,
    recent: Type.Array(recentEvent),
    linkExpireTime: Type.String(),
  }),
);
export type MonitorReport = Static<typeof MonitorReport>;

/** /genGzReport (故障报告): the faults of the elevators a link names, counted per elevator and listed. */
export const FaultReport = named(
  'FaultReport',
  Type.Object({
    name: Type.String(),
    period: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    rows: Type.Array(StatisticsRow),
    faults: Type.Array(
      Type.Object({
        elevatorName: Type.String(),
        time: Type.String(),
        faultNo: Type.String(),
        floor: Type.Union([Type.Integer(), Type.Null()]),
      }),
    ),
    /** Faults in the period beyond those listed. */
    notListed: Type.Integer({ minimum: 0 }),
    linkExpireTime: Type.String(),
  }),
);
export type FaultReport = Static<typeof FaultReport>;

/** Every flaw in a report link (wrong, tampered, expired, another kind's) answers the same 404 `shareLink.invalid`. */
export const getSharedMonitorReport = defineOperation({
  operationId: 'getSharedMonitorReport',
  method: 'GET',
  path: 'public/reports/monitor',
  permission: PERMISSION.public,
  tags: ['reports'],
  summary: 'The monitor report behind a signed link (no login)',
  query: SharedReportQuery,
  response: MonitorReport,
});

export const getSharedFaultReport = defineOperation({
  operationId: 'getSharedFaultReport',
  method: 'GET',
  path: 'public/reports/faults',
  permission: PERMISSION.public,
  tags: ['reports'],
  summary: 'The fault report behind a signed link (no login)',
  query: SharedReportQuery,
  response: FaultReport,
});

/** /pdf: the PDF of the report a signed link opens (`kind` says which), in the reader's language. */
export const downloadSharedReportPdf = defineOperation({
  operationId: 'downloadSharedReportPdf',
  method: 'GET',
  path: 'public/reports/pdf',
  permission: PERMISSION.public,
  tags: ['reports'],
  summary: 'The PDF of the report behind a signed link (no login)',
  query: SharedReportQuery,
  produces: 'application/pdf',
  response: fileAnswer(),
});
