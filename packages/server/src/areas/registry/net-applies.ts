import { generateElevatorFromNetApply, reviewNetApply, translate } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { AreaDeps } from '../area.js';

/** A network application is reviewed, then turned into the elevator it describes. */
export function registerNetApplyRoutes(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const { db } = store;

  route(app, reviewNetApply, async (req) => {
    await repos.netApply.get(callerOf(req), req.params.id, req.timeZone);
    await db
      .updateTable('netApplies')
      .set({ status: 1, updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, generateElevatorFromNetApply, async (req) => {
    const caller = callerOf(req);
    const apply = await repos.netApply.get(caller, req.params.id, req.timeZone);
    if (apply.status !== 1 || apply.generated) throw new HttpError(409, 'error.inUse');
    const lift = await repos.elevator.create(
      caller,
      {
        name: apply.elevatorName,
        registerCode: apply.registerCode,
        factoryNo: apply.factoryNo,
        elevatorType: apply.elevatorType,
        dtuCode: apply.dtuCode,
        address: apply.address,
        useStatus: 1,
        joinDate: apply.accessDate,
      },
      req.timeZone,
    );
    await db
      .updateTable('netApplies')
      .set({ generated: 1, elevatorId: Number(lift.id), updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    return ok({ elevatorId: Number(lift.id) }, translate(req.lang, 'outcome.done'));
  });
}
