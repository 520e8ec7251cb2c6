import { OPEN_API, formatDateTime, rotateDeveloperSecret } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { newAppSecret, type SecretBox } from '../../services/developers.js';
import type { AreaDeps } from '../area.js';

/**
 * POST developers/{id}/secret: a new appSecret, answered once and kept sealed. The one in use until now is kept
 * as the previous secret for overlapHours (default 24), so the developer can switch without a gap; a previous
 * secret of an earlier rotation is dropped.
 */
export function registerDeveloperSecrets(app: FastifyInstance, { store, repos }: AreaDeps, box: SecretBox): void {
  route(app, rotateDeveloperSecret, async (req) => {
    const caller = callerOf(req);
    const dev = await repos.developer.get(caller, req.params.id, req.timeZone); // 404 outside the caller's scope
    const overlapHours = req.body.overlapHours ?? OPEN_API.defaultOverlapHours;
    const now = Date.now();
    const secret = newAppSecret();
    const current = await store.db
      .selectFrom('developers')
      .select(['secretEnc', 'updateTime'])
      .where('id', '=', dev.id)
      .executeTakeFirstOrThrow();
    const until = current.secretEnc && overlapHours > 0 ? now + overlapHours * 3_600_000 : null;
    // guarded by the row as read: two rotations at once cannot both keep "the previous" secret
    const result = await store.db
      .updateTable('developers')
      .set({
        secretEnc: box.seal(secret),
        secretIssueTime: now,
        previousSecretEnc: until === null ? null : current.secretEnc,
        previousSecretUntil: until,
        updateTime: now,
      })
      .where('id', '=', dev.id)
      .where('updateTime', '=', current.updateTime)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, 'error.stale');
    return ok({
      id: dev.id,
      appKey: String(dev.appKey),
      appSecret: secret,
      previousSecretUntil: until === null ? null : formatDateTime(until, req.timeZone),
    });
  });
}
