import {
  bytesToBase64,
  createEocdElevatorShareLink,
  createEocdRunShareLink,
  formatDateTime,
  getSharedEocdElevator,
  getSharedEocdRun,
  SHARE_LINK_HOURS,
  type PublicEocdRunMetrics,
} from '@liftcloud/client';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { keyFromFile, keyFromStore, ShareLinkSigner } from '../../services/share-links.js';
import type { LooseDB } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';
import { storedSamples } from './samples.js';

/** One answer for every flaw in a link: a wrong id, kind, signature or an old link cannot be told apart. */
const linkRefused = () => new HttpError(404, 'shareLink.invalid');
const RUNS_SHOWN = 50;

const METRIC_COLUMNS = [
  'isoHorizontalPeakToPeak',
  'isoVerticalPeakToPeak',
  'isoHorizontalA95',
  'isoVerticalA95',
  'lowPassHorizontal',
  'lowPassVertical',
] as const;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** A run's metrics as a public page shows them. */
const metricsOf = (r: Record<string, unknown>, tz: string): PublicEocdRunMetrics => ({
  runTime: formatDateTime(Number(r.runTime), tz),
  overLimit: Number(r.overLimit) === 1,
  isoHorizontalPeakToPeak: num(r.isoHorizontalPeakToPeak),
  isoVerticalPeakToPeak: num(r.isoVerticalPeakToPeak),
  isoHorizontalA95: num(r.isoHorizontalA95),
  isoVerticalA95: num(r.isoVerticalA95),
  lowPassHorizontal: num(r.lowPassHorizontal),
  lowPassVertical: num(r.lowPassVertical),
  lowPassHz: num(r.lowPassHz),
});

/**
 * /eocdOperate and /eocdPrivate (console-shell.md §2.1, no login): a run's page and an elevator's ride-quality page,
 * reached only through signed links (the work-order links' signing, docs/decisions.md "EOCD (issue 18)"), each kind
 * with its own purpose signed in. Minting one needs the record's read scope; reading one needs only the link.
 */
export async function registerEocdShareLinks(app: FastifyInstance, ctx: AreaDeps): Promise<void> {
  const { store, repos, options } = ctx;
  const db = store.db as unknown as Kysely<LooseDB>;
  const key = options.shareLinkKeyFile ? keyFromFile(options.shareLinkKeyFile) : await keyFromStore(store);
  const runs = new ShareLinkSigner(key, 'eocdOperate');
  const elevators = new ShareLinkSigner(key, 'eocdPrivate');
  const expiry = (hours: number | undefined) =>
    Math.floor(Date.now() / 1000) + (hours ?? SHARE_LINK_HOURS.default) * 3600;
  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');
  /** The elevator of a link, with its tenant still active (a frozen tenant's links stop with its sessions). */
  const elevatorOf = (id: unknown) =>
    db
      .selectFrom('elevators as e')
      .innerJoin('tenants as t', 't.id', 'e.tenantId')
      .select(['e.name', 'e.address', 'e.ratedSpeed', 't.status as tenantStatus'])
      .where('e.id', '=', Number(id))
      .executeTakeFirst();

  route(app, createEocdRunShareLink, async (req) => {
    const { id } = req.params;
    await repos.eocdRun.get(callerOf(req), id, req.timeZone); // another's run: 404 here too
    const exp = expiry(req.body.expiresInHours);
    const path = `/eocdOperate?run=${id}&sig=${runs.sign(id, exp)}&exp=${exp}`;
    return ok({ path, expireTime: formatDateTime(exp * 1000, req.timeZone) });
  });

  route(app, createEocdElevatorShareLink, async (req) => {
    const { id } = req.params;
    await repos.elevator.get(callerOf(req), id, req.timeZone);
    const exp = expiry(req.body.expiresInHours);
    const path = `/eocdPrivate?elevator=${id}&sig=${elevators.sign(id, exp)}&exp=${exp}`;
    return ok({ path, expireTime: formatDateTime(exp * 1000, req.timeZone) });
  });

  const limit = { rateLimit: { max: ctx.loginRatePerMinute, timeWindow: '1 minute' } };

  route(
    app,
    getSharedEocdRun,
    async (req, reply) => {
      noStore(reply);
      const id = runs.verify(req.params.id, req.query.sig, req.query.exp);
      if (id === null) throw linkRefused();
      const run = await db.selectFrom('eocdRuns').selectAll().where('id', '=', id).executeTakeFirst();
      const lift = run ? await elevatorOf(run.elevatorId) : undefined;
      if (!run || !lift || Number(lift.tenantStatus) !== 1) throw linkRefused();
      const threshold = run.thresholdId
        ? await db.selectFrom('eocdThresholds').selectAll().where('id', '=', run.thresholdId).executeTakeFirst()
        : undefined;
      const samples = await storedSamples(db, { id, sampleCount: run.sampleCount }, req.log);
      return ok({
        elevatorName: text(lift.name),
        address: text(lift.address),
        ...metricsOf(run, req.timeZone),
        sampleRate: Number(run.sampleRate),
        sampleCount: Number(run.sampleCount),
        limits: threshold
          ? (Object.fromEntries(METRIC_COLUMNS.map((c) => [c, Number(threshold[c])])) as Record<
              (typeof METRIC_COLUMNS)[number],
              number
            >)
          : null,
        samples: samples ? { scale: samples.scale, samples: bytesToBase64(samples.bytes) } : null,
        linkExpireTime: formatDateTime(Number(req.query.exp) * 1000, req.timeZone),
      });
    },
    limit,
  );

  route(
    app,
    getSharedEocdElevator,
    async (req, reply) => {
      noStore(reply);
      const id = elevators.verify(req.params.id, req.query.sig, req.query.exp);
      if (id === null) throw linkRefused();
      const lift = await elevatorOf(id);
      if (!lift || Number(lift.tenantStatus) !== 1) throw linkRefused();
      const rows = await db
        .selectFrom('eocdRuns')
        .select(['runTime', 'overLimit', 'lowPassHz', ...METRIC_COLUMNS])
        .where('elevatorId', '=', id)
        .orderBy('runTime', 'desc')
        .limit(RUNS_SHOWN)
        .execute();
      return ok({
        elevatorName: text(lift.name),
        address: text(lift.address),
        ratedSpeed: num(lift.ratedSpeed),
        runs: rows.map((r) => metricsOf(r, req.timeZone)),
        linkExpireTime: formatDateTime(Number(req.query.exp) * 1000, req.timeZone),
      });
    },
    limit,
  );
}
