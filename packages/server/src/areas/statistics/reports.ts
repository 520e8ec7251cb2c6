import {
  createReportShareLink,
  downloadElevatorChartPdf,
  downloadElevatorReportPdf,
  downloadElevatorsReportPdf,
  downloadSharedReportPdf,
  formatDateTime,
  getElevatorReport,
  getElevatorsReport,
  getSharedFaultReport,
  getSharedMonitorReport,
  SHARE_LINK_HOURS,
  type ReportChartType,
  type SharedReportLink,
} from '@liftcloud/client';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { tenantOf, type Caller } from '../../services/caller.js';
import {
  elevatorChartPdf,
  elevatorsReport,
  elevatorsReportPdf,
  faultReport,
  faultReportPdf,
  monitorReportPdf,
  recentEvents,
} from '../../services/report-sets.js';
import { elevatorReport, elevatorReportPdf } from '../../services/reports.js';
import { keyFromFile, keyFromStore, ShareLinkSigner } from '../../services/share-links.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import type { LooseKysely } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);

/** The purpose signed into a report link: a work-order link's signature means nothing here, nor the reverse. */
const LINK_PURPOSE = 'report';
const linkRefused = () => new HttpError(404, 'shareLink.invalid');

/**
 * Who reads through a report link: nobody signed in, so the tenant signed into the link, all of it, narrowed to
 * the elevators signed into it (every query below filters by them). No permission string: only the report's own
 * queries run as it.
 */
const linkReader = (tenantId: number): Caller => ({
  userId: 0,
  username: '',
  name: '',
  userType: 0,
  tenantId,
  companyId: null,
  auth: '',
  superAdmin: false,
  tenantAdmin: false,
  sessionId: 0,
  tokenKind: 'access',
  mustChangePassword: false,
  canChangePassword: false,
  orgId: 0,
  scope: { tenantId, orgIds: null },
});

/**
 * The reports (index 851) as data and as PDFs in the request's language: one elevator, several, one chart;
 * and the public ones behind signed links (/monitorReport, /genGzReport, /pdf), signed with the work-order
 * share links' key and code (services/share-links.ts) under a purpose of their own.
 */
export async function registerReports(app: FastifyInstance, ctx: AreaDeps): Promise<void> {
  const { store, repos, options } = ctx;
  const db = store.db as unknown as LooseKysely;
  const key = options.shareLinkKeyFile ? keyFromFile(options.shareLinkKeyFile) : await keyFromStore(store);
  const signer = new ShareLinkSigner(key);

  route(app, getElevatorReport, async (req) =>
    ok(await elevatorReport(db, repos, callerOf(req), req.params.id, req.query.period, req.timeZone)),
  );
  route(app, downloadElevatorReportPdf, async (req, reply) => {
    const report = await elevatorReport(db, repos, callerOf(req), req.params.id, req.query.period, req.timeZone);
    return sendPdf(
      reply,
      await elevatorReportPdf(report, req.lang, req.timeZone),
      `elevator-${report.elevator.id}-${report.to}`,
    );
  });
  route(app, getElevatorsReport, async (req) =>
    ok(await elevatorsReport(db, repos, callerOf(req), req.query, req.timeZone)),
  );
  route(app, downloadElevatorsReportPdf, async (req, reply) => {
    const report = await elevatorsReport(db, repos, callerOf(req), req.query, req.timeZone);
    return sendPdf(reply, await elevatorsReportPdf(report, req.lang, req.timeZone), `elevators-${report.to}`);
  });
  route(app, downloadElevatorChartPdf, async (req, reply) => {
    const report = await elevatorReport(db, repos, callerOf(req), req.params.id, req.query.period, req.timeZone);
    const type = req.params.type as ReportChartType;
    return sendPdf(
      reply,
      await elevatorChartPdf(report, type, req.lang, req.timeZone),
      `elevator-${report.elevator.id}-${type}-${report.to}`,
    );
  });

  route(app, createReportShareLink, async (req) => {
    const caller = callerOf(req);
    const { kind, period } = req.body;
    const ids = [...new Set(req.body.ids.split(',').map(Number))];
    // a monitor report is one lift's
    if (kind === 'monitor' && ids.length !== 1)
      throw new ValidationError(
        [{ field: 'ids', rule: 'validation.maxItems', params: { limit: 1 } }],
        createReportShareLink.body,
      );
    // only lifts the caller sees now may be signed into a link (404 otherwise, as opening one would)
    for (const id of ids) await repos.elevator.get(caller, id, req.timeZone);
    const hours = req.body.expiresInHours ?? SHARE_LINK_HOURS.default;
    const exp = Math.floor(Date.now() / 1000) + hours * 3600;
    const link: Required<SharedReportLink> = {
      kind,
      ids: ids.join(','),
      p: String(period),
      name: req.body.name?.trim() ?? '',
      t: String(tenantOf(caller)),
      sig: '',
      exp: String(exp),
    };
    link.sig = signer.signParts(LINK_PURPOSE, partsOf(link)!, exp);
    const query = (withKind: boolean) =>
      new URLSearchParams(
        Object.entries(link).filter(([k, v]) => (k === 'kind' ? withKind : k !== 'name' || v !== '')),
      ).toString();
    const path = kind === 'monitor' ? `/monitorReport/${ids[0]}?${query(false)}` : `/genGzReport?${query(false)}`;
    return ok({ path, pdfPath: `/pdf?${query(true)}`, expireTime: formatDateTime(exp * 1000, req.timeZone) });
  });

  /** The tenant, lifts and period a link opens for `kind`, or the one refusal for any flaw. */
  const opened = async (kind: string, q: SharedReportLink) => {
    const parts = partsOf({ ...q, kind });
    if (!parts || !signer.verifyParts(LINK_PURPOSE, parts, q.sig, q.exp)) throw linkRefused();
    const tenantId = Number(q.t);
    const tenant = await db.selectFrom('tenants').select('status').where('id', '=', tenantId).executeTakeFirst();
    // a frozen tenant's links stop with its users' sessions
    if (!tenant || Number(tenant.status) !== 1) throw linkRefused();
    return {
      reader: linkReader(tenantId),
      ids: q.ids!,
      period: Number(q.p),
      name: q.name ?? '',
    };
  };
  const publicConfig = { rateLimit: { max: ctx.loginRatePerMinute, timeWindow: '1 minute' } };

  const monitor = async (q: SharedReportLink, tz: string) => {
    const link = await opened('monitor', q);
    const id = Number(link.ids);
    const report = await elevatorReport(db, repos, link.reader, id, link.period, tz).catch(() => {
      throw linkRefused(); // the lift is gone (or moved to another tenant): the link opens nothing
    });
    const recent = await recentEvents(db, repos, link.reader, id, link.period, tz);
    return { report, recent, linkExpireTime: formatDateTime(Number(q.exp) * 1000, tz) };
  };
  const faults = async (q: SharedReportLink, tz: string) => {
    const link = await opened('faults', q);
    const report = await faultReport(db, repos, link.reader, link, tz);
    return { ...report, linkExpireTime: formatDateTime(Number(q.exp) * 1000, tz) };
  };

  route(
    app,
    getSharedMonitorReport,
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await monitor(req.query, req.timeZone));
    },
    publicConfig,
  );
  route(
    app,
    getSharedFaultReport,
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await faults(req.query, req.timeZone));
    },
    publicConfig,
  );
  route(
    app,
    downloadSharedReportPdf,
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      const { kind } = req.query;
      if (kind === 'monitor') {
        const report = await monitor(req.query, req.timeZone);
        return sendPdf(
          reply,
          await monitorReportPdf(report, req.lang, req.timeZone),
          `monitor-${report.report.elevator.id}-${report.report.to}`,
        );
      }
      if (kind === 'faults') {
        const report = await faults(req.query, req.timeZone);
        return sendPdf(reply, await faultReportPdf(report, req.lang, req.timeZone), `faults-${report.to}`);
      }
      throw linkRefused();
    },
    publicConfig,
  );
}

/**
 * The signed parts of a report link in a fixed order, or null when one is missing or malformed (the same
 * refusal then as for a wrong signature).
 */
function partsOf(q: SharedReportLink): string[] | null {
  const { kind, ids, p, name = '', t } = q;
  if (kind !== 'monitor' && kind !== 'faults') return null;
  if (!ids || !/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(ids)) return null;
  if (!p || !/^[1-3]$/.test(p) || !t || !/^[1-9]\d{0,9}$/.test(t)) return null;
  return [kind, t, ids, p, name];
}
