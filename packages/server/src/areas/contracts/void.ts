import { CONTRACT_STATE, nextContractState, translate, voidContract } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { AreaDeps } from '../area.js';

/**
 * Voiding a contract (final: workflow/contract.ts). The move is checked with the workflow against the state read,
 * then applied by an UPDATE that names that state and revision: of two people voiding at once, or one voiding
 * over another's save, one gets 409.
 */
export function registerContractVoid(app: FastifyInstance, { store, repos }: AreaDeps): void {
  route(app, voidContract, async (req) => {
    const caller = callerOf(req);
    const current = await repos.contract.get(caller, req.params.id, req.timeZone);
    const to = nextContractState(Number(current.state ?? CONTRACT_STATE.valid), 'void');
    if (to === null) throw new HttpError(409, 'contract.voided');
    if (req.body.revision !== undefined && req.body.revision !== current.revision)
      throw new HttpError(409, 'error.stale');
    const now = Math.max(Date.now(), current.revision + 1);
    const done = await store.db
      .updateTable('contracts')
      .set({
        state: to,
        voidReason: req.body.reason.trim(),
        voidTime: now,
        voidedBy: caller.name,
        updateTime: now,
      })
      .where('id', '=', current.id)
      .where('state', '=', CONTRACT_STATE.valid)
      .where('updateTime', '=', current.revision)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new HttpError(409, 'error.stale');
    repos.contract.forgetCounts();
    return ok(await repos.contract.get(caller, current.id, req.timeZone), translate(req.lang, 'outcome.done'));
  });
}
