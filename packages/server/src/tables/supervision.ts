import {
  SUPERVISION_ITEM_RESULT,
  SUPERVISION_STATE,
  supervisionRecord,
  supervisionTemplate,
  type SupervisionRecordItem,
  type SupervisionTemplateItem,
} from '@liftcloud/client';
import type { Transaction } from 'kysely';
import { ValidationError } from '../http/errors.js';
import { tenantOf } from '../services/caller.js';
import type { LooseDB, TableSpec } from '../store/repository.js';

type Trx = Transaction<LooseDB>;

const isBlank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

const parseItems = <T>(value: unknown): T[] => {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === 'string' && value) return JSON.parse(value) as T[];
  return [];
};

/** A template's items as a record starts them: not checked, no note. */
export const itemsToCheck = (items: SupervisionTemplateItem[]): SupervisionRecordItem[] =>
  items.map((i) => ({
    projectType: i.projectType,
    projectName: i.projectName,
    precaution: i.precaution,
    result: 0,
    note: '',
  }));

/** One default template per use unit and cycle: saving a default clears the others' flag, in the same write. */
async function keepOneDefault(trx: Trx, tenantId: number, row: Record<string, unknown>, id: number | null) {
  if (Number(row.isDefault) !== 1) return;
  let q = trx
    .updateTable('supervisionTemplates')
    .set({ isDefault: 0 })
    .where('tenantId', '=', tenantId)
    .where('enterpriseId', '=', row.enterpriseId)
    .where('cycle', '=', row.cycle);
  if (id !== null) q = q.where('id', '!=', id);
  await q.execute();
}

export const supervisionTemplateTable: TableSpec<typeof supervisionTemplate.fields> = {
  entity: supervisionTemplate,
  table: 'supervisionTemplates',
  scope: 'org',
  jsonFields: ['items'],
  async beforeCreate(row, _input, ctx) {
    await keepOneDefault(ctx.trx, tenantOf(ctx.caller), row, null);
  },
  async beforeUpdate(row, _input, existing, ctx) {
    await keepOneDefault(ctx.trx, tenantOf(ctx.caller), { ...existing, ...row }, Number(existing.id));
  },
};

/** The lift's number and use unit as they are when the record is made: what the record (a legal one) names. */
async function liftSnapshot(trx: Trx, elevatorId: number) {
  const lift = await trx
    .selectFrom('elevators as e')
    .leftJoin('useUnits as u', 'u.id', 'e.useUnitId')
    .select(['e.no', 'u.name as useUnitName'])
    .where('e.id', '=', elevatorId)
    .executeTakeFirst();
  return { elevatorNo: lift?.no ?? null, useUnit: lift?.useUnitName ?? null };
}

async function refuseDuplicate(trx: Trx, tenantId: number, row: Record<string, unknown>, id: number | null) {
  let q = trx
    .selectFrom('supervisionRecords')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('elevatorId', '=', row.elevatorId)
    .where('cycle', '=', row.cycle)
    .where('controlDate', '=', row.controlDate);
  if (id !== null) q = q.where('id', '!=', id);
  if (await q.executeTakeFirst())
    throw new ValidationError(
      [{ field: 'controlDate', rule: 'rule.supervisionDuplicate' }],
      supervisionRecord.createSchema,
      409,
    );
}

const anyAbnormal = (items: SupervisionRecordItem[]) =>
  items.some((i) => i.result === SUPERVISION_ITEM_RESULT.abnormal);

/**
 * Supervision records: a person's save is a handling, so the whole record must carry a handle result (domain.md
 * §5), also when the save changes other fields of a generated record that has none yet; the abnormal flag
 * follows the items (any abnormal one sets it); the lift's number and use unit are kept as they were.
 */
export const supervisionRecordTable: TableSpec<typeof supervisionRecord.fields> = {
  entity: supervisionRecord,
  table: 'supervisionRecords',
  scope: 'org',
  jsonFields: ['items'],
  async beforeCreate(row, input, ctx) {
    const tenantId = tenantOf(ctx.caller);
    await refuseDuplicate(ctx.trx, tenantId, row, null);
    Object.assign(row, await liftSnapshot(ctx.trx, Number(row.elevatorId)));
    if (input.items == null && row.templateId != null) {
      const template = await ctx.trx
        .selectFrom('supervisionTemplates')
        .select('items')
        .where('id', '=', row.templateId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      row.items = JSON.stringify(itemsToCheck(parseItems(template?.items)));
    }
    row.abnormal = Number(row.abnormal) === 1 || anyAbnormal(parseItems(row.items)) ? 1 : 0;
    row.state = SUPERVISION_STATE.handled;
    row.creator = ctx.caller.name.slice(0, 50);
  },
  async beforeUpdate(row, input, existing, ctx) {
    const merged = { ...existing, ...row };
    if (isBlank(merged.handleResult))
      throw new ValidationError(
        [{ field: 'handleResult', rule: 'rule.handleResultRequired' }],
        supervisionRecord.patchSchema,
      );
    if ('elevatorId' in input || 'cycle' in input || 'controlDate' in input)
      await refuseDuplicate(ctx.trx, tenantOf(ctx.caller), merged, Number(existing.id));
    if ('elevatorId' in input) Object.assign(row, await liftSnapshot(ctx.trx, Number(row.elevatorId)));
    const flagged = 'abnormal' in input ? Number(row.abnormal) === 1 : Number(existing.abnormal) === 1;
    row.abnormal = flagged || anyAbnormal(parseItems(merged.items)) ? 1 : 0;
    row.state = SUPERVISION_STATE.handled;
  },
};
