import { downloadElevatorReportPdf, getElevatorReport } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { elevatorReport, elevatorReportPdf } from '../../services/reports.js';
import type { LooseKysely } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

/** One elevator's report (index 851) as data and as a PDF in the request's language. */
export function registerReports(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as LooseKysely;
  route(app, getElevatorReport, async (req) =>
    ok(await elevatorReport(db, repos, callerOf(req), req.params.id, req.query.period, req.timeZone)),
  );
  route(app, downloadElevatorReportPdf, async (req, reply) => {
    const report = await elevatorReport(db, repos, callerOf(req), req.params.id, req.query.period, req.timeZone);
    const pdf = await elevatorReportPdf(report, req.lang, req.timeZone);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="elevator-${report.elevator.id}-${report.to}.pdf"`)
      .send(pdf);
  });
}
