import {
  ELECTRICITY_LABELS,
  downloadElectricityMeterReportPdf,
  downloadElectricityMetersReportPdf,
  exportElectricityStatistics,
  getElectricityMeterReport,
  getElectricityMetersReport,
  getElectricityStatistics,
} from '@liftcloud/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { electricity } from '../../services/electricity.js';
import {
  electricityMeterReport,
  electricityMeterReportPdf,
  electricityMetersReport,
  electricityMetersReportPdf,
} from '../../services/electricity-reports.js';
import type { LooseKysely } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';
import { XLSX_TYPE, xlsxSheetStream, type Cell } from '../../services/xlsx-sheet.js';

type MeterQuery = { period: number; useUnit?: string };
const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);

/**
 * Electricity consumption (index 856): the statistics of /electricityMeter, their .xlsx (one row per lift, meter
 * and day) and the two meter reports with their PDFs (services/electricity.ts, electricity-reports.ts).
 */
export function registerElectricity(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as LooseKysely;
  route(app, getElectricityStatistics, async (req) =>
    ok(await electricity(db, repos, callerOf(req), req.query, req.timeZone)),
  );
  route(app, exportElectricityStatistics, async (req, reply) => {
    const data = await electricity(db, repos, callerOf(req), req.query, req.timeZone);
    const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][req.lang];
    const sheet: Cell[][] = [[L('elevator'), L('no'), L('useUnit'), L('gwSn'), L('meterName'), L('day'), L('kwh')]];
    for (const r of data.rows)
      data.days.forEach((day, i) =>
        sheet.push([r.elevatorName, r.elevatorNo, r.useUnit, r.gwSn, r.meterName, day, r.days[i]!]),
      );
    sheet.push([L('totals'), null, null, null, null, `${data.from} – ${data.to}`, data.totals.total]);
    const stream = await xlsxSheetStream(sheet, `${data.from} ${data.to}`);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="electricity-${data.from}-${data.to}.xlsx"`)
      .send(stream);
  });
  const single = (req: FastifyRequest, params: { id: number; meterGatewayCode: string }, query: MeterQuery) =>
    electricityMeterReport(db, repos, callerOf(req), params.id, params.meterGatewayCode, query, req.timeZone);
  route(app, getElectricityMeterReport, async (req) => ok(await single(req, req.params, req.query)));
  route(app, downloadElectricityMeterReportPdf, async (req, reply) => {
    const report = await single(req, req.params, req.query);
    return sendPdf(
      reply,
      await electricityMeterReportPdf(report, req.lang, req.timeZone),
      `electricity-${report.row.elevatorId}-${report.row.gwSn}-${report.to}`,
    );
  });
  route(app, getElectricityMetersReport, async (req) =>
    ok(await electricityMetersReport(db, repos, callerOf(req), req.query, req.timeZone)),
  );
  route(app, downloadElectricityMetersReportPdf, async (req, reply) => {
    const report = await electricityMetersReport(db, repos, callerOf(req), req.query, req.timeZone);
    return sendPdf(reply, await electricityMetersReportPdf(report, req.lang, req.timeZone), `electricity-${report.to}`);
  });
}
