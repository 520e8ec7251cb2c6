import { bytesToBase64, getEocdRunSamples, pushEocdSettings, translate, type EocdPushResult } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { eocdSamplesSweepJob } from '../../jobs/eocd-samples-sweep.js';
import { potentialFaultsJob } from '../../jobs/potential-faults.js';
import { callerOf } from '../../plugins/auth.js';
import { tenantOf } from '../../services/caller.js';
import type { LooseDB } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';
import { storedSamples } from './samples.js';

/** The parameters a gateway is sent for EOCD collection (writeParams; docs/gateway-protocol.md "Down"). */
export function eocdParams(s: Record<string, unknown>): Record<string, string> {
  const flag = (v: unknown) => (v === true || v === 1 ? '1' : '0');
  const params: Record<string, string> = {
    'eocd.collectSeconds': String(s.collectSeconds),
    'eocd.frequency': String(s.frequency),
    'eocd.type': String(s.type),
    'eocd.calibration': flag(s.calibration),
    'eocd.autoAcquisition': flag(s.autoAcquisition),
    'eocd.doorAcquisition': flag(s.doorAcquisition),
    'eocd.alarmFileUpload': flag(s.alarmFileUpload),
    'eocd.safetyHazard': flag(s.safetyHazard),
  };
  if (s.autoCycleMinutes != null) params['eocd.autoCycleMinutes'] = String(s.autoCycleMinutes);
  if (s.doorCycleMinutes != null) params['eocd.doorCycleMinutes'] = String(s.doorCycleMinutes);
  return params;
}

/**
 * EOCD: a run's raw samples; pushing collection settings to the covered elevators' gateways; the samples sweep;
 * the potential-fault scoring.
 */
export function registerEocd(app: FastifyInstance, { store, repos, monitoring, jobs }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;
  jobs.add(eocdSamplesSweepJob(db));
  jobs.add(potentialFaultsJob({ db, live: monitoring.live }));

  route(app, getEocdRunSamples, async (req) => {
    // the run must be one the caller may see (404 otherwise)
    const run = await repos.eocdRun.get(callerOf(req), req.params.id, req.timeZone);
    const stored = await storedSamples(db, run, req.log);
    if (!stored) throw new HttpError(404, 'eocd.samplesGone');
    return ok({
      runId: run.id,
      sampleRate: Number(run.sampleRate),
      scale: stored.scale,
      samples: bytesToBase64(stored.bytes),
      lowPassHz: Number(run.lowPassHz ?? 10),
    });
  });

  route(app, pushEocdSettings, async (req) => {
    const caller = callerOf(req);
    const setting = await repos.eocdSetting.get(caller, req.params.id, req.timeZone);
    const elevatorIds = (setting.elevatorIds ?? []).map(Number);
    const rows = elevatorIds.length
      ? await db
          .selectFrom('elevators as e')
          .leftJoin('gatewayDevices as g', (j) =>
            j.onRef('g.elevatorId', '=', 'e.id').on('g.tenantId', '=', tenantOf(caller)),
          )
          .select(['e.id as elevatorId', 'e.name as elevatorName', 'g.id as gatewayId', 'g.dtuCode', 'g.dtuStatus'])
          .where('e.id', 'in', elevatorIds)
          .where('e.tenantId', '=', tenantOf(caller))
          .orderBy('e.id')
          .execute()
      : [];
    const params = eocdParams(setting as unknown as Record<string, unknown>);
    const results: EocdPushResult[] = [];
    for (const r of rows) {
      const base = {
        elevatorId: Number(r.elevatorId),
        elevatorName: (r.elevatorName as string | null) ?? null,
        dtuCode: (r.dtuCode as string | null) ?? null,
      };
      if (r.gatewayId === null) {
        results.push({ ...base, commandId: null, error: translate(req.lang, 'eocd.noGateway') });
        continue;
      }
      if (!Number(r.dtuStatus)) {
        results.push({ ...base, commandId: null, error: translate(req.lang, 'device.offline') });
        continue;
      }
      const now = Date.now();
      const inserted = await db
        .insertInto('commandRecords')
        .values({
          tenantId: tenantOf(caller),
          orgId: caller.orgId || null,
          gatewayId: Number(r.gatewayId),
          dtuCode: String(r.dtuCode),
          action: 'writeParams',
          params: JSON.stringify(params),
          state: 0,
          operator: caller.username,
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const commandId = Number(inserted.id);
      try {
        await monitoring.sendCommand(String(r.dtuCode), { commandId, action: 'writeParams', params });
        results.push({ ...base, commandId, error: null });
      } catch {
        await db
          .updateTable('commandRecords')
          .set({ state: 2, reply: 'not sent', updateTime: Date.now() })
          .where('id', '=', commandId)
          .execute();
        results.push({ ...base, commandId, error: 'not sent' });
      }
    }
    return ok(results, translate(req.lang, 'outcome.done'));
  });
}
