import { getElevatorState } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { LooseKysely } from '../../store/repository.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { AreaDeps } from '../area.js';

/** GET elevators/{id}/state: the state the ingest last stored for one elevator the caller may see. */
export function registerElevatorState(app: FastifyInstance, { store, repos }: AreaDeps): void {
  // the live tables the ingest writes are not in the typed store (db/tables.ts)
  const db = store.db as unknown as LooseKysely;
  route(app, getElevatorState, async (req) => {
    const elevator = await repos.elevator.get(callerOf(req), req.params.id, req.timeZone);
    const state = await db
      .selectFrom('elevatorStates')
      .selectAll()
      .where('elevatorId', '=', req.params.id)
      .executeTakeFirst();
    return ok({
      floor: state ? Number(state.floor) : null,
      direction: state ? Number(state.direction) : null,
      door: state ? Number(state.door) : null,
      run: state ? Number(state.run) : null,
      flags: state ? (JSON.parse(String(state.flags)) as number[]) : [],
      online: elevator.onlineStatus === true,
      updateTime: state ? Number(state.updateTime) : null,
    });
  });
}
