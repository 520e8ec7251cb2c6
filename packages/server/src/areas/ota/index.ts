import {
  ApproveOtaBody,
  applyOta,
  approveOtaApplication,
  parseDateTime,
  rejectOtaApplication,
  startOtaBurn,
  translate,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { OtaService } from '../../services/ota.js';
import type { AreaDeps } from '../area.js';
import { OtaTransfers } from './transfers.js';

/**
 * OTA (docs/decisions.md "OTA"): applying, approving or rejecting (services/ota.ts moves every count under a
 * guarded update), and burning gateways (a reservation per gateway, then the transfer over MQTT: transfers.ts).
 */
export function registerOta(app: FastifyInstance, deps: AreaDeps): void {
  const { store, repos, monitoring } = deps;
  const ota = new OtaService(store.db, monitoring.live);
  const transfers = new OtaTransfers(
    store.db,
    ota,
    monitoring.ota,
    deps.options.uploadDir ?? null,
    app.log,
    deps.options.ota,
  );
  app.addHook('onClose', async () => transfers.close());

  route(app, applyOta, async (req) => {
    const caller = callerOf(req);
    const id = await ota.apply(caller, req.body.programId, req.body.applyNumber);
    repos.otaApplication.forgetCounts();
    return ok(await repos.otaApplication.get(caller, id, req.timeZone), translate(req.lang, 'outcome.done'));
  });

  route(app, approveOtaApplication, async (req) => {
    const caller = callerOf(req);
    let endTime: number | undefined;
    if (req.body.endTime) {
      endTime = parseDateTime(req.body.endTime, req.timeZone);
      if (!Number.isFinite(endTime))
        throw new ValidationError([{ field: 'endTime', rule: 'ota.endPast' }], ApproveOtaBody);
    }
    await ota.decide(caller, req.params.id, 'approve', { endTime }, req.lang);
    repos.otaProgram.forgetCounts();
    return ok(await repos.otaApplication.get(caller, req.params.id, req.timeZone), translate(req.lang, 'outcome.done'));
  });

  route(app, rejectOtaApplication, async (req) => {
    const caller = callerOf(req);
    await ota.decide(caller, req.params.id, 'reject', { reason: req.body.reason }, req.lang);
    return ok(await repos.otaApplication.get(caller, req.params.id, req.timeZone), translate(req.lang, 'outcome.done'));
  });

  route(app, startOtaBurn, async (req) => {
    const caller = callerOf(req);
    const started = await ota.reserve(caller, req.params.id, req.body.dtus);
    repos.otaBurn.forgetCounts();
    transfers.start(started.map((b) => b.id));
    const burns = [];
    for (const b of started) burns.push(await repos.otaBurn.get(caller, b.id, req.timeZone));
    return ok(burns, translate(req.lang, 'outcome.done'));
  });
}
