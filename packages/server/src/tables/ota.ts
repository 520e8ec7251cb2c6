import { OTA_PROGRAM, otaApplication, otaBurn, otaProgram } from '@liftcloud/client';
import { ValidationError } from '../http/errors.js';
import { tenantOf } from '../services/caller.js';
import { refuseIfUsed } from '../store/refuse.js';
import type { TableSpec, WriteContext } from '../store/repository.js';

/** Version v of a program named so must not exist twice in a tenant (the store's unique index says the same). */
async function refuseDuplicate(ctx: WriteContext, name: string, version: string, id: number | null): Promise<void> {
  let q = ctx.trx
    .selectFrom('otaPrograms')
    .select('id')
    .where('tenantId', '=', tenantOf(ctx.caller))
    .where('programName', '=', name)
    .where('version', '=', version);
  if (id !== null) q = q.where('id', '!=', id);
  if (await q.executeTakeFirst())
    throw new ValidationError(
      [{ field: 'version', rule: 'ota.duplicateVersion', params: { version } }],
      otaProgram.createSchema,
      409,
    );
}

/**
 * OTA programs: seen by the whole tenant (any company may apply for one), written by whoever may write them for
 * a company of their own (the reference check). The count is fixed at creation and the remaining count starts
 * at it; approvals move applyNumber and remainingNumber, burns burningTimes, the firmware upload its file
 * columns, each through areas/ota with guarded updates, never through a plain save.
 */
export const otaProgramTable: TableSpec<typeof otaProgram.fields> = {
  entity: otaProgram,
  table: 'otaPrograms',
  scope: 'tenant',
  async beforeCreate(row, _input, ctx) {
    await refuseDuplicate(ctx, String(row.programName), String(row.version), null);
    row.applyNumber = 0;
    row.remainingNumber = row.count;
    row.burningTimes = 0;
    row.isEffective ??= OTA_PROGRAM.effective;
  },
  async beforeUpdate(row, _input, existing, ctx) {
    if (row.count !== undefined && Number(row.count) !== Number(existing.count))
      throw new ValidationError([{ field: 'count', rule: 'ota.countFixed' }], otaProgram.updateSchema, 409);
    if (row.programName !== undefined || row.version !== undefined)
      await refuseDuplicate(
        ctx,
        String(row.programName ?? existing.programName),
        String(row.version ?? existing.version),
        Number(existing.id),
      );
  },
  // its applications and burns are the record of who applied, decided and burned, and when (a cascade would
  // erase them, and a burn under way would lose its program): a program once applied for is locked, not deleted
  async beforeDelete(existing, { trx }) {
    await refuseIfUsed(trx, 'otaApplications', 'programId', existing.id);
    await refuseIfUsed(trx, 'otaBurns', 'programId', existing.id);
  },
};

/**
 * OTA applications: the applicant's organisation sees them, and so does the program's owner company, which
 * approves them. Written only through areas/ota (applyOta, approve, reject).
 */
export const otaApplicationTable: TableSpec<typeof otaApplication.fields> = {
  entity: otaApplication,
  table: 'otaApplications',
  scope: 'org',
  relatedCompanies: ['ownedCompanyId'],
};

/** OTA burns: seen by the organisation that started them; written only by the burn service. */
export const otaBurnTable: TableSpec<typeof otaBurn.fields> = {
  entity: otaBurn,
  table: 'otaBurns',
  scope: 'org',
  // the gateway's own online flag, read with the burn: a burn waits (up to a day) for its gateway to connect
  computed: (eb) => ({
    gatewayOnline: eb
      .selectFrom('gatewayDevices as g')
      .select('g.dtuStatus')
      .whereRef('g.dtuCode', '=', 't.dtu')
      .whereRef('g.tenantId', '=', 't.tenantId')
      .limit(1),
  }),
};
