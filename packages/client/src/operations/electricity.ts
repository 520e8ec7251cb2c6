import Type, { type Static } from 'typebox';
import { statisticsPeriod } from '../enums.js';
import { L } from '../schema/fields.js';
import { PERMISSION } from '../permissions.js';
import { fileAnswer, named } from './components.js';
import { defineOperation } from './define.js';

/**
 * Electricity consumption (index 856, /electricityMeter): from the meter readings gateways report
 * (docs/gateway-protocol.md `meter`), per elevator and meter, per day of a statistics period in the caller's time
 * zone. A day's consumption is the sum of the differences between consecutive readings of a meter that fall on
 * it; a reading below the one before is a reset (docs/decisions.md "Electricity meters").
 */
const period = Type.Integer({
  enum: statisticsPeriod.options.map((o) => o.code),
  'x-label': L('统计周期', 'Period', 'Periodo'),
});
/** A meter gateway code as the protocol allows it (`gwSn`). */
const GW_SN = '[A-Za-z0-9_.-]{1,50}';
/** At most this many meters in one report or query filter. */
export const ELECTRICITY_MAX_METERS = 200;
const gwSnList = Type.String({
  maxLength: ELECTRICITY_MAX_METERS * 51,
  pattern: `^${GW_SN}(,${GW_SN})*$`,
  'x-label': L('电表网关', 'Meter gateways', 'Gateway contatori'),
});

export const ElectricityQuery = named(
  'ElectricityQuery',
  Type.Object({
    period,
    elevatorIds: Type.Optional(
      Type.String({ maxLength: 2000, pattern: '^[0-9]+(,[0-9]+)*$', 'x-label': L('电梯', 'Elevators', 'Ascensori') }),
    ),
    gwSns: Type.Optional(gwSnList),
  }),
);
export type ElectricityQuery = Static<typeof ElectricityQuery>;

const kwh = Type.Number({ minimum: 0, description: 'kWh, rounded to 0.001' });

export const ElectricityRow = named(
  'ElectricityRow',
  Type.Object({
    elevatorId: Type.Integer(),
    elevatorName: Type.String(),
    elevatorNo: Type.Union([Type.String(), Type.Null()]),
    useUnit: Type.Union([Type.String(), Type.Null()]),
    /** The meter gateway's code and, when registered, its name. */
    gwSn: Type.String(),
    meterName: Type.Union([Type.String(), Type.Null()]),
    total: kwh,
    /** One value per day of `days`. */
    days: Type.Array(kwh),
    /**
     * kWh a day over the days the meter was reporting: from its first reading of the period through today, or
     * the whole period when it reported before it (a meter installed last week is not averaged over the month).
     */
    dailyMean: kwh,
    /** The meter's latest reading in the period (cumulative kWh) and when it was taken. */
    lastKwh: Type.Union([Type.Number(), Type.Null()]),
    lastReadTime: Type.Union([Type.String(), Type.Null()]),
    /** Readings in the period, and how many of them were below the one before (a reset of the meter). */
    readings: Type.Integer({ minimum: 0 }),
    resets: Type.Integer({ minimum: 0 }),
  }),
);
export type ElectricityRow = Static<typeof ElectricityRow>;

export const ElectricityStatistics = named(
  'ElectricityStatistics',
  Type.Object({
    period: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    /** The period's days (yyyy-MM-dd), through today. */
    days: Type.Array(Type.String()),
    rows: Type.Array(ElectricityRow),
    /** The rows summed; `dailyMean` is the sum of the rows' daily means (what the lifts use a day together). */
    totals: Type.Object({ total: kwh, days: Type.Array(kwh), dailyMean: kwh }),
  }),
);
export type ElectricityStatistics = Static<typeof ElectricityStatistics>;

export const getElectricityStatistics = defineOperation({
  operationId: 'getElectricityStatistics',
  method: 'GET',
  path: 'statistics/electricity',
  permission: PERMISSION.electricityMeters,
  tags: ['statistics'],
  summary: 'Electricity consumption per elevator and meter, per day of a period',
  query: ElectricityQuery,
  response: ElectricityStatistics,
});

export const exportElectricityStatistics = defineOperation({
  operationId: 'exportElectricityStatistics',
  method: 'GET',
  path: 'statistics/electricity/export',
  permission: PERMISSION.electricityMeters,
  tags: ['statistics'],
  summary: 'Export the electricity consumption (one row per elevator, meter and day) as .xlsx',
  query: ElectricityQuery,
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  response: fileAnswer(),
});

// ---- the two meter reports (console-shell.md 2.1) ----

export const MeterReportParams = Type.Object({
  id: Type.Integer({ minimum: 1, 'x-label': L('电梯', 'Elevator', 'Ascensore') }),
  meterGatewayCode: Type.String({
    pattern: `^${GW_SN}$`,
    'x-label': L('电表网关', 'Meter gateway', 'Gateway contatore'),
  }),
});
export const MeterReportQuery = named(
  'MeterReportQuery',
  Type.Object({
    period,
    /** The use unit's name the route carries, shown when the lift has none of its own on record. */
    useUnit: Type.Optional(Type.String({ maxLength: 100, 'x-label': L('使用单位', 'Use unit', 'Unità di utilizzo') })),
  }),
);

/** /singleElectricityMeterReport/{id}/{meterGatewayCode}/{useUnit}: one lift's meter, day by day. */
export const ElectricityMeterReport = named(
  'ElectricityMeterReport',
  Type.Object({
    period: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    useUnit: Type.Union([Type.String(), Type.Null()]),
    days: Type.Array(Type.String()),
    row: ElectricityRow,
  }),
);
export type ElectricityMeterReport = Static<typeof ElectricityMeterReport>;

export const getElectricityMeterReport = defineOperation({
  operationId: 'getElectricityMeterReport',
  method: 'GET',
  path: 'reports/electricityMeter/:id/:meterGatewayCode',
  permission: PERMISSION.electricityMeters,
  tags: ['reports'],
  summary: 'One elevator’s electricity meter report: consumption per day over a period',
  params: MeterReportParams,
  query: MeterReportQuery,
  response: ElectricityMeterReport,
});

export const downloadElectricityMeterReportPdf = defineOperation({
  operationId: 'downloadElectricityMeterReportPdf',
  method: 'GET',
  path: 'reports/electricityMeter/:id/:meterGatewayCode/pdf',
  permission: PERMISSION.electricityMeters,
  tags: ['reports'],
  summary: 'One elevator’s electricity meter report as a PDF',
  params: MeterReportParams,
  query: MeterReportQuery,
  produces: 'application/pdf',
  response: fileAnswer(),
});

export const ElectricityMetersReportQuery = named(
  'ElectricityMetersReportQuery',
  Type.Object({
    period,
    gwSns: gwSnList,
    name: Type.Optional(Type.String({ maxLength: 100, 'x-label': L('报告名称', 'Report name', 'Nome del rapporto') })),
  }),
);
export type ElectricityMetersReportQuery = Static<typeof ElectricityMetersReportQuery>;

/** /multiElectricityMeterReport/{gwSnSet}/{reportName}: several meters side by side, their totals per day. */
export const ElectricityMetersReport = named(
  'ElectricityMetersReport',
  Type.Object({ ...ElectricityStatistics.properties, name: Type.String() }),
);
export type ElectricityMetersReport = Static<typeof ElectricityMetersReport>;

export const getElectricityMetersReport = defineOperation({
  operationId: 'getElectricityMetersReport',
  method: 'GET',
  path: 'reports/electricityMeters',
  permission: PERMISSION.electricityMeters,
  tags: ['reports'],
  summary: 'Several meters’ electricity report: one row each, totals per day',
  query: ElectricityMetersReportQuery,
  response: ElectricityMetersReport,
});

export const downloadElectricityMetersReportPdf = defineOperation({
  operationId: 'downloadElectricityMetersReportPdf',
  method: 'GET',
  path: 'reports/electricityMeters/pdf',
  permission: PERMISSION.electricityMeters,
  tags: ['reports'],
  summary: 'Several meters’ electricity report as a PDF',
  query: ElectricityMetersReportQuery,
  produces: 'application/pdf',
  response: fileAnswer(),
});

/** Labels of the consumption table, chart, export, PDFs and liftctl. */
export const ELECTRICITY_LABELS = {
  title: L('电梯用电报告', 'Elevator electricity report', 'Rapporto consumi elettrici ascensore'),
  multiTitle: L('多表用电报告', 'Electricity meters report', 'Rapporto contatori elettrici'),
  period: L('统计周期', 'Period', 'Periodo'),
  consumption: L('用电量', 'Consumption', 'Consumo'),
  elevator: L('电梯', 'Elevator', 'Ascensore'),
  no: L('编号', 'No.', 'Numero'),
  useUnit: L('使用单位', 'Use unit', 'Unità di utilizzo'),
  gwSn: L('电表网关', 'Meter gateway', 'Gateway contatore'),
  meterName: L('电表名称', 'Meter name', 'Nome contatore'),
  day: L('日期', 'Day', 'Giorno'),
  kwh: L('用电量 (kWh)', 'Consumption (kWh)', 'Consumo (kWh)'),
  total: L('合计 (kWh)', 'Total (kWh)', 'Totale (kWh)'),
  dailyMean: L('日均 (kWh)', 'Daily mean (kWh)', 'Media giornaliera (kWh)'),
  lastKwh: L('最新读数 (kWh)', 'Last reading (kWh)', 'Ultima lettura (kWh)'),
  lastReadTime: L('读数时间', 'Read at', 'Letto il'),
  readings: L('读数次数', 'Readings', 'Letture'),
  resets: L('电表复位', 'Meter resets', 'Azzeramenti'),
  byDay: L('按日用电', 'By day', 'Per giorno'),
  byMeter: L('按电表', 'By meter', 'Per contatore'),
  totals: L('合计', 'Total', 'Totale'),
  noData: L('本周期无电表读数', 'No meter readings in this period', 'Nessuna lettura in questo periodo'),
} as const;
