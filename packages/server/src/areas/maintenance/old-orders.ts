import {
  OLD_MAINTENANCE_STATUS,
  OldMaintenanceInvalidateBody,
  confirmOldMaintenanceOrder,
  enumLabel,
  invalidateOldMaintenanceOrder,
  nextOldMaintenanceStatus,
  oldMaintenanceOrderStatus,
  translate,
  type Language,
  type MessageKey,
  type OldMaintenanceAction,
} from '@liftcloud/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/envelope.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { LooseDB } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

/**
 * An old-style order's two moves (workflow/oldMaintenanceOrder.ts): each is checked against the status read,
 * then applied by an UPDATE that names that status, so of two people acting at once one wins and the other is
 * answered 409 with the status it found. Both moves are final.
 */
export function registerOldMaintenanceOrders(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;

  const refused = (status: number, action: OldMaintenanceAction, lang: Language) =>
    new HttpError(409, 'oldMaint.notAllowed', {
      state: enumLabel(oldMaintenanceOrderStatus, status, lang),
      action: translate(lang, `oldMaint.action.${action}` as MessageKey),
    });

  async function move(req: FastifyRequest, id: number, action: OldMaintenanceAction, set: Record<string, unknown>) {
    const caller = callerOf(req);
    const order = await repos.oldMaintenanceOrder.get(caller, id, req.timeZone);
    const from = Number(order.status);
    const to = nextOldMaintenanceStatus(from, action);
    if (to === null) throw refused(from, action, req.lang);
    const done = await db
      .updateTable('oldMaintenanceOrders')
      .set({ ...set, status: to, updateTime: Date.now() })
      .where('id', '=', id)
      .where('status', '=', OLD_MAINTENANCE_STATUS.waiting)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) {
      const now = await repos.oldMaintenanceOrder.get(caller, id, req.timeZone);
      throw refused(Number(now.status), action, req.lang);
    }
    repos.oldMaintenanceOrder.forgetCounts();
    return ok(await repos.oldMaintenanceOrder.get(caller, id, req.timeZone), translate(req.lang, 'outcome.done'));
  }

  route(app, confirmOldMaintenanceOrder, (req) =>
    move(req, req.params.id, 'confirm', {
      evaluation: req.body.evaluation,
      advice: req.body.advice?.trim() || null,
      confirmedBy: callerOf(req).name,
      confirmTime: Date.now(),
    }),
  );

  route(app, invalidateOldMaintenanceOrder, (req) => {
    const reason = req.body.invalidReason.trim();
    if (!reason)
      throw new ValidationError(
        [{ field: 'invalidReason', rule: 'validation.required' }],
        OldMaintenanceInvalidateBody,
      );
    return move(req, req.params.id, 'invalidate', { invalidReason: reason, invalidTime: Date.now() });
  });
}
