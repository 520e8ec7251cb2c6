import { eocdRun, eocdSetting, eocdSpeedConflictRules, eocdThreshold } from '@liftcloud/client';
import { ValidationError } from '../http/errors.js';
import { tenantOf, type Caller } from '../services/caller.js';
import type { LooseKysely, TableSpec } from '../store/repository.js';

/** The same company's thresholds, to judge a speed against (rules/records.ts eocdSpeedConflictRules). */
const companyThresholds = (db: LooseKysely, caller: Caller, companyId: unknown) =>
  db
    .selectFrom('eocdThresholds')
    .select(['id', 'companyId', 'speed'])
    .where('tenantId', '=', tenantOf(caller))
    .where('companyId', '=', Number(companyId))
    .execute() as Promise<{ id: number; companyId: number; speed: number }[]>;

/**
 * EOCD thresholds, per tenant and company: a second one for a speed the company has asks to replace the first
 * (409 rule.eocdSpeedExists, then ?replace=true updates it); changing one onto another's speed is refused.
 */
export const eocdThresholdTable: TableSpec<typeof eocdThreshold.fields> = {
  entity: eocdThreshold,
  table: 'eocdThresholds',
  scope: 'tenant',
  async replaces(db, caller, input) {
    const existing = await companyThresholds(db, caller, input.companyId);
    const issues = eocdSpeedConflictRules(
      { companyId: Number(input.companyId), speed: input.speed as number },
      existing.map((e) => ({ id: Number(e.id), companyId: Number(e.companyId), speed: Number(e.speed) })),
    );
    if (!issues.length) return null;
    const same = existing.find((e) => Number(e.speed) === Number(input.speed))!;
    return { id: Number(same.id), issues };
  },
  async beforeUpdate(row, _input, existing, { caller, trx }) {
    const companyId = row.companyId ?? existing.companyId;
    const speed = row.speed ?? existing.speed;
    const others = await companyThresholds(trx as unknown as LooseKysely, caller, companyId);
    const issues = eocdSpeedConflictRules(
      { id: Number(existing.id), companyId: Number(companyId), speed: Number(speed) },
      others.map((e) => ({ id: Number(e.id), companyId: Number(e.companyId), speed: Number(e.speed) })),
    );
    if (issues.length) throw new ValidationError(issues, eocdThreshold.patchSchema, 409);
  },
};

/** EOCD collection settings and the elevators they cover (an elevator or a group). */
export const eocdSettingTable: TableSpec<typeof eocdSetting.fields> = {
  entity: eocdSetting,
  table: 'eocdSettings',
  scope: 'org',
  links: { elevatorIds: { table: 'eocdSettingElevators', ownKey: 'settingId', otherKey: 'elevatorId' } },
};

/** The runs gateways uploaded (ingest), scoped like the other gateway records; read-only. */
export const eocdRunTable: TableSpec<typeof eocdRun.fields> = {
  entity: eocdRun,
  table: 'eocdRuns',
  scope: 'org',
};
