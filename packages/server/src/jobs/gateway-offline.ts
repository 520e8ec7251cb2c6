import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { GatewayDirectory } from '../monitoring/gateways.js';
import type { LiveEvents } from '../monitoring/live-events.js';
import type { LooseDB } from '../store/repository.js';
import type { Job } from './job.js';
import { enqueueWebhooks, terminalStatus } from '../services/webhooks.js';

export const GATEWAY_OFFLINE_JOB = 'gateway-offline';

/**
 * A gateway is offline once its reports stop for `offlineAfterMs` (power cut, lost link): marked disconnected,
 * its elevator offline, and the live channel told. A meter gateway (whose readings a gateway forwards) is
 * offline once they stop for `meterOfflineAfterMs`; its next reading marks it online again (meter-readings.ts).
 */
export function gatewayOfflineJob(deps: {
  db: Kysely<DB>;
  directory: GatewayDirectory;
  live: LiveEvents;
  offlineAfterMs: number;
  meterOfflineAfterMs: number;
  everyMs: number;
}): Job {
  const db = deps.db as unknown as Kysely<LooseDB>;
  return {
    name: GATEWAY_OFFLINE_JOB,
    schedule: { everyMs: deps.everyMs },
    async run({ now }) {
      await db
        .updateTable('meterGateways')
        .set({ online: 0, updateTime: now })
        .where('online', '=', 1)
        .where((eb) =>
          eb.or([eb('lastReportTime', 'is', null), eb('lastReportTime', '<', now - deps.meterOfflineAfterMs)]),
        )
        .execute();
      const gone = await db
        .selectFrom('gatewayDevices')
        .select(['id', 'dtuCode', 'tenantId', 'elevatorId'])
        .where('dtuStatus', '=', 1)
        .where('lastReportTime', '<', now - deps.offlineAfterMs)
        .execute();
      for (const g of gone) {
        // only a gateway still silent and online: a report that came meanwhile keeps it online; the developers
        // subscribed to its elevator's terminal status are told in the same transaction
        const went = await db.transaction().execute(async (trx) => {
          const marked = await trx
            .updateTable('gatewayDevices')
            .set({ dtuStatus: 0, linkStatus: 1 })
            .where('id', '=', g.id)
            .where('dtuStatus', '=', 1)
            .where('lastReportTime', '<', now - deps.offlineAfterMs)
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1) return false;
          if (g.elevatorId) {
            await trx.updateTable('elevators').set({ onlineStatus: 0 }).where('id', '=', g.elevatorId).execute();
            await enqueueWebhooks(trx, terminalStatus(g, false, now));
          }
          return true;
        });
        if (!went) continue;
        const info = await deps.directory.get(String(g.dtuCode));
        const elevatorId = g.elevatorId === null ? null : Number(g.elevatorId);
        await deps.live.publish(
          'gateway',
          { tenantId: Number(g.tenantId), orgIds: info?.orgIds ?? [], elevatorId },
          { dtu: String(g.dtuCode), online: false, elevatorId },
        );
      }
    },
  };
}
