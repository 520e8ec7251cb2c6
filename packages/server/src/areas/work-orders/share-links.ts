import {
  createWorkOrderShareLink,
  formatDateTime,
  getSharedWorkOrder,
  maskPhone,
  SHARE_LINK_HOURS,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { HttpError } from '../../http/errors.js';
import { callerOf } from '../../plugins/auth.js';
import { keyFromFile, keyFromStore, ShareLinkSigner } from '../../services/share-links.js';
import type { LooseDB } from '../../store/repository.js';

/** One answer for every flaw in a link, so a caller cannot tell a wrong id from a wrong signature or an old link. */
const linkRefused = () => new HttpError(404, 'shareLink.invalid');

/**
 * Signed links to a work order's mobile page (guide/security.md: a raw id alone shows nothing), and the
 * public read behind them: only what a repairer on site needs, read-only.
 */
export async function registerShareLinkRoutes(app: FastifyInstance, ctx: AreaDeps): Promise<void> {
  const { store, repos, options } = ctx;
  const db = store.db as unknown as Kysely<LooseDB>;
  const key = options.shareLinkKeyFile ? keyFromFile(options.shareLinkKeyFile) : await keyFromStore(store);
  const signer = new ShareLinkSigner(key);

  route(app, createWorkOrderShareLink, async (req) => {
    const { id } = req.params;
    // the caller's tenant and organisation scope: an order they cannot read is a 404 here too
    await repos.workOrder.get(callerOf(req), id, req.timeZone);
    const hours = req.body.expiresInHours ?? SHARE_LINK_HOURS.default;
    const exp = Math.floor(Date.now() / 1000) + hours * 3600;
    const path = `/h5workOrder/${id}?sig=${signer.sign(id, exp)}&exp=${exp}`;
    return ok({ path, expireTime: formatDateTime(exp * 1000, req.timeZone) });
  });

  route(
    app,
    getSharedWorkOrder,
    async (req, reply) => {
      // a phone's or a proxy's cache keeps no copy past the link's life
      void reply.header('cache-control', 'no-store');
      const { sig, exp } = req.query;
      const id = signer.verify(req.params.id, sig, exp);
      if (id === null) throw linkRefused();
      const order = await db
        .selectFrom('workOrders as w')
        .leftJoin('elevators as e', 'e.id', 'w.elevatorId')
        .leftJoin('useUnits as u', 'u.id', 'e.useUnitId')
        .innerJoin('tenants as t', 't.id', 'w.tenantId')
        .select([
          'w.workOrderNo',
          'w.elevatorName',
          'w.address',
          'w.type',
          'w.recordState',
          'w.paused',
          'w.hasPeople',
          'w.alarmTime',
          'w.callTime',
          'w.finishTime',
          'w.contactPerson',
          'w.contactTel',
          'u.contact as siteContact',
          'u.contactPhone as siteContactPhone',
          't.status as tenantStatus',
        ])
        .where('w.id', '=', id)
        .executeTakeFirst();
      // a frozen tenant's links stop with its users' sessions
      if (!order || Number(order.tenantStatus) !== 1) throw linkRefused();
      const people = await db
        .selectFrom('workOrderPeople as p')
        .innerJoin('users as u', 'u.id', 'p.userId')
        .select(['u.name', 'p.role'])
        .where('p.workOrderId', '=', id)
        .orderBy('u.name')
        .execute();
      const timeline = await db
        .selectFrom('workOrderLogs')
        .select(['action', 'toState', 'userName', 'note', 'time'])
        .where('workOrderId', '=', id)
        .orderBy('id')
        .execute();
      const at = (ms: unknown) => (ms == null ? null : formatDateTime(Number(ms), req.timeZone));
      const text = (v: unknown) => (v == null || v === '' ? null : String(v));
      const masked = (phone: string | null) => (phone === null ? null : maskPhone(phone));
      // the order's own contact when someone gave one, else the building's (its use unit)
      const ownContact = text(order.contactPerson) ?? text(order.contactTel);
      return ok({
        workOrderNo: String(order.workOrderNo),
        elevatorName: text(order.elevatorName),
        address: text(order.address),
        alarmType: Number(order.type),
        alarmTime: at(order.alarmTime)!,
        state: Number(order.recordState),
        paused: Number(order.paused) === 1,
        peopleTrapped: Number(order.hasPeople) === 1,
        receivedTime: at(order.callTime),
        finishTime: at(order.finishTime),
        contactPerson: ownContact ? text(order.contactPerson) : text(order.siteContact),
        // the link is read without signing in: the phone is masked (first 2 and last 4 characters)
        contactPhone: masked(ownContact ? text(order.contactTel) : text(order.siteContactPhone)),
        people: people.map((p) => ({ name: String(p.name), role: String(p.role) })),
        timeline: timeline.map((step) => ({
          action: String(step.action),
          state: Number(step.toState),
          userName: text(step.userName),
          note: text(step.note),
          time: at(step.time)!,
        })),
        linkExpireTime: formatDateTime(Number(exp) * 1000, req.timeZone),
      });
    },
    { rateLimit: { max: ctx.loginRatePerMinute, timeWindow: '1 minute' } },
  );
}
