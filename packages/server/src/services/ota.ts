import {
  ApplyOtaBody,
  ApproveOtaBody,
  OTA_APPROVAL,
  StartOtaBurnBody,
  OTA_BURN,
  OTA_DEFAULT_QUOTA_DAYS,
  OTA_PROGRAM,
  nextOtaApproval,
  enumLabel,
  otaApplyRules,
  otaApprovalStatus,
  translate,
  type Language,
  type MessageKey,
  type OtaAction,
} from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { DB } from '../db/tables.js';
import { HttpError, ValidationError } from '../http/errors.js';
import type { LiveEvents } from '../monitoring/live-events.js';
import type { Caller } from './caller.js';
import { tenantOf } from './caller.js';

/** The company a caller applies and burns for: their own, else the organisation they act in. */
export const companyOf = (caller: Caller): number | null =>
  caller.companyId ?? (caller.orgId > 0 ? caller.orgId : null);

/** May the caller decide on applications for a program owned by this company: their organisations cover it. */
const mayDecide = (caller: Caller, ownedCompanyId: number) =>
  caller.scope.orgIds === null || caller.scope.orgIds.includes(ownedCompanyId);

export interface BurnStarted {
  id: number;
  dtu: string;
  transferId: string;
}

/**
 * The one place OTA quotas move (docs/decisions.md "OTA"). Every count is changed by an UPDATE whose WHERE
 * says the count still allows it, so two instances deciding at once never overspend: an approval takes its count
 * from the program's remaining count (remaining_number >= n), a burn reserves one of an approved, unexpired
 * application's burns (used + reserved < applyNumber), a success turns the reservation into a use and a failure
 * gives it back, each only from the burn state it read.
 */
export class OtaService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly live: LiveEvents,
  ) {}

  async apply(caller: Caller, programId: number, applyNumber: number): Promise<number> {
    const tenantId = tenantOf(caller);
    const program = await this.db
      .selectFrom('otaPrograms')
      .selectAll()
      .where('id', '=', programId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!program) throw new HttpError(404, 'error.notFound');
    if (program.isEffective !== OTA_PROGRAM.effective) throw new HttpError(409, 'ota.locked');
    if (!program.fileId) throw new HttpError(409, 'ota.noFirmware');
    const issues = otaApplyRules({ applyNumber, remainingNumber: Number(program.remainingNumber) });
    if (issues.length) throw new ValidationError(issues, ApplyOtaBody);
    const company = companyOf(caller);
    if (company === null) throw new HttpError(409, 'ota.noCompany');
    const now = Date.now();
    const row = await this.db
      .insertInto('otaApplications')
      .values({
        tenantId,
        orgId: caller.orgId > 0 ? caller.orgId : company,
        programId,
        applyNumber,
        companyId: company,
        ownedCompanyId: program.ownedCompanyId,
        applicantId: caller.userId,
        applicantAccount: caller.username,
        applicantName: caller.name,
        applicationTime: now,
        approvalStatus: OTA_APPROVAL.applying,
        usedNumber: 0,
        reservedNumber: 0,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.live.publish(
      'ota',
      { tenantId, orgIds: [Number(program.ownedCompanyId)], elevatorId: null },
      {
        id: row.id,
        programId,
        programName: program.programName,
        applyNumber,
        approvalStatus: OTA_APPROVAL.applying,
        action: 'apply',
        by: caller.username,
      },
    );
    return row.id;
  }

  /**
   * Approve or reject an application the caller may see (404 otherwise) and may decide on (403). Both apply only
   * from applying (409 for a second decision, whoever won); an approval also takes the count from the program,
   * refused when the program is locked or its remaining count no longer covers it, with nothing written.
   */
  async decide(
    caller: Caller,
    id: number,
    action: OtaAction,
    opts: { reason?: string; endTime?: number },
    lang: Language,
  ): Promise<void> {
    const tenantId = tenantOf(caller);
    const app = await this.db
      .selectFrom('otaApplications as a')
      .innerJoin('otaPrograms as p', 'p.id', 'a.programId')
      .select([
        'a.id',
        'a.orgId',
        'a.programId',
        'a.applyNumber',
        'a.approvalStatus',
        'a.applicantId',
        'p.programName',
        'p.ownedCompanyId',
        'p.isEffective',
      ])
      .where('a.id', '=', id)
      .where('a.tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!app) throw new HttpError(404, 'error.notFound');
    if (!mayDecide(caller, Number(app.ownedCompanyId))) throw new HttpError(403, 'ota.notOwner');
    const to = nextOtaApproval(Number(app.approvalStatus), action);
    if (to === null) throw notAllowed(Number(app.approvalStatus), action, lang);
    const now = Date.now();
    const n = Number(app.applyNumber);
    let endTime: number | null = null;
    await this.db.transaction().execute(async (trx) => {
      if (action === 'approve') {
        endTime = opts.endTime ?? now + OTA_DEFAULT_QUOTA_DAYS * 86_400_000;
        if (endTime <= now) throw new ValidationError([{ field: 'endTime', rule: 'ota.endPast' }], ApproveOtaBody);
        const program = await trx
          .updateTable('otaPrograms')
          .set((eb) => ({
            remainingNumber: eb('remainingNumber', '-', n),
            applyNumber: eb('applyNumber', '+', n),
            updateTime: now,
          }))
          .where('id', '=', app.programId)
          .where('isEffective', '=', OTA_PROGRAM.effective)
          .where('remainingNumber', '>=', n)
          .executeTakeFirst();
        if (Number(program.numUpdatedRows) === 0) {
          const p = await trx
            .selectFrom('otaPrograms')
            .select(['isEffective', 'remainingNumber'])
            .where('id', '=', app.programId)
            .executeTakeFirstOrThrow();
          if (p.isEffective !== OTA_PROGRAM.effective) throw new HttpError(409, 'ota.locked');
          throw new ValidationError(
            otaApplyRules({ applyNumber: n, remainingNumber: Number(p.remainingNumber) }),
            ApplyOtaBody,
            409,
          );
        }
      }
      const done = await trx
        .updateTable('otaApplications')
        .set(
          action === 'approve'
            ? {
                approvalStatus: to,
                approverAccount: caller.username,
                approverName: caller.name,
                approverTime: now,
                endTime,
                updateTime: now,
              }
            : {
                approvalStatus: to,
                approverAccount: caller.username,
                approverName: caller.name,
                approverTime: now,
                rejectPeople: caller.name,
                rejectReason: (opts.reason ?? '').trim(),
                rejectTime: now,
                updateTime: now,
              },
        )
        .where('id', '=', id)
        .where('approvalStatus', '=', OTA_APPROVAL.applying)
        .executeTakeFirst();
      // another decision won between the read and here: nothing of this one is kept
      if (Number(done.numUpdatedRows) === 0) throw notAllowed(OTA_APPROVAL.approved, action, lang);
    });
    await this.live.publish(
      'ota',
      {
        tenantId,
        orgIds: app.orgId === null ? [] : [Number(app.orgId)],
        elevatorId: null,
        userIds: app.applicantId === null ? [] : [Number(app.applicantId)],
      },
      {
        id,
        programId: Number(app.programId),
        programName: app.programName,
        applyNumber: n,
        approvalStatus: to,
        action,
        by: caller.username,
        reason: action === 'reject' ? (opts.reason ?? '').trim() : null,
        endTime,
      },
    );
  }

  /**
   * Reserve one burn of the caller's company's approved, unexpired quota for each gateway and record the burns,
   * all or none: 409 naming what is left when the quota does not cover them. The gateways must be the caller's.
   */
  async reserve(caller: Caller, programId: number, dtus: string[]): Promise<BurnStarted[]> {
    const tenantId = tenantOf(caller);
    const program = await this.db
      .selectFrom('otaPrograms')
      .select(['id', 'isEffective', 'fileId'])
      .where('id', '=', programId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!program) throw new HttpError(404, 'error.notFound');
    if (program.isEffective !== OTA_PROGRAM.effective) throw new HttpError(409, 'ota.locked');
    if (!program.fileId) throw new HttpError(409, 'ota.noFirmware');
    const company = companyOf(caller);
    if (company === null) throw new HttpError(409, 'ota.noCompany');
    let gq = this.db
      .selectFrom('gatewayDevices')
      .select(['dtuCode'])
      .where('tenantId', '=', tenantId)
      .where('dtuCode', 'in', dtus);
    if (caller.scope.orgIds !== null)
      gq = gq.where('orgId', 'in', caller.scope.orgIds.length ? caller.scope.orgIds : [-1]);
    const known = new Set((await gq.execute()).map((g) => String(g.dtuCode)));
    const unknown = dtus.find((d) => !known.has(d));
    if (unknown)
      throw new ValidationError(
        [{ field: 'dtus', rule: 'ota.gatewayUnknown', params: { dtu: unknown } }],
        StartOtaBurnBody,
      );
    const now = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const apps = await trx
        .selectFrom('otaApplications')
        .select(['id', 'applyNumber', 'usedNumber', 'reservedNumber'])
        .where('tenantId', '=', tenantId)
        .where('programId', '=', programId)
        .where('companyId', '=', company)
        .where('approvalStatus', '=', OTA_APPROVAL.approved)
        .where('endTime', '>', now)
        .orderBy('endTime')
        .orderBy('id')
        .execute();
      const started: BurnStarted[] = [];
      for (const dtu of dtus) {
        let taken: number | null = null;
        for (const app of apps) {
          const r = await trx
            .updateTable('otaApplications')
            .set((eb) => ({ reservedNumber: eb('reservedNumber', '+', 1), updateTime: now }))
            .where('id', '=', app.id)
            .where('approvalStatus', '=', OTA_APPROVAL.approved)
            .where('endTime', '>', now)
            .where((eb) => eb(eb('usedNumber', '+', eb.ref('reservedNumber')), '<', eb.ref('applyNumber')))
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) > 0) {
            taken = app.id;
            break;
          }
        }
        if (taken === null) {
          // every application is spent now, so what was left before this request is what it took so far
          const left = started.length;
          throw new ValidationError(
            [{ field: 'dtus', rule: 'ota.quotaExhausted', params: { left, asked: dtus.length } }],
            StartOtaBurnBody,
            409,
          );
        }
        const transferId = randomBytes(12).toString('hex');
        const burn = await trx
          .insertInto('otaBurns')
          .values({
            tenantId,
            orgId: caller.orgId > 0 ? caller.orgId : company,
            programId,
            applicationId: taken,
            dtu,
            transferId,
            state: OTA_BURN.waiting,
            progress: 0,
            startedBy: caller.username,
            createTime: now,
            updateTime: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        started.push({ id: burn.id, dtu, transferId });
      }
      return started;
    });
  }

  /**
   * Where a burn is: progress while transferring (from waiting or transferring only). A transfer writes it with
   * the bytes the gateway acknowledged, only while its instance still holds the burn's lease.
   */
  async progress(
    burnId: number,
    progress: number,
    transfer?: { ackedOffset: number; leaseOwner: string },
  ): Promise<void> {
    let update = this.db
      .updateTable('otaBurns')
      .set({
        state: OTA_BURN.transferring,
        progress: Math.max(0, Math.min(100, Math.round(progress))),
        ...(transfer ? { ackedOffset: transfer.ackedOffset } : {}),
        updateTime: Date.now(),
      })
      .where('id', '=', burnId)
      .where('state', 'in', [OTA_BURN.waiting, OTA_BURN.transferring]);
    if (transfer) update = update.where('leaseOwner', '=', transfer.leaseOwner);
    const done = await update.executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) await this.tell(burnId);
  }

  /**
   * A burn ends once: burned counts one use of its application's quota and one burningTimes of the program;
   * failed gives the reservation back. A second end of the same burn changes nothing (false).
   */
  async finish(
    burnId: number,
    ok: boolean,
    error: string | null = null,
    transfer?: { ackedOffset: number; progress: number },
  ): Promise<boolean> {
    const now = Date.now();
    const done = await this.db.transaction().execute(async (trx) => {
      const burn = await trx
        .updateTable('otaBurns')
        .set({
          state: ok ? OTA_BURN.burned : OTA_BURN.failed,
          progress: ok ? 100 : transfer?.progress,
          ackedOffset: transfer?.ackedOffset,
          error: ok ? null : (error ?? '').slice(0, 200),
          finishTime: now,
          updateTime: now,
          leaseOwner: null,
          leaseUntil: null,
        })
        .where('id', '=', burnId)
        .where('state', 'in', [OTA_BURN.waiting, OTA_BURN.transferring])
        .returning(['applicationId', 'programId'])
        .executeTakeFirst();
      if (!burn) return false;
      await trx
        .updateTable('otaApplications')
        .set((eb) =>
          ok
            ? { reservedNumber: eb('reservedNumber', '-', 1), usedNumber: eb('usedNumber', '+', 1), updateTime: now }
            : { reservedNumber: eb('reservedNumber', '-', 1), updateTime: now },
        )
        .where('id', '=', burn.applicationId)
        .execute();
      if (ok)
        await trx
          .updateTable('otaPrograms')
          .set((eb) => ({ burningTimes: eb('burningTimes', '+', 1), updateTime: now }))
          .where('id', '=', burn.programId)
          .execute();
      return true;
    });
    if (done) await this.tell(burnId);
    return done;
  }

  private async tell(burnId: number): Promise<void> {
    const b = await this.db.selectFrom('otaBurns').selectAll().where('id', '=', burnId).executeTakeFirst();
    if (!b) return;
    await this.live.publish(
      'otaBurn',
      { tenantId: b.tenantId, orgIds: b.orgId === null ? [] : [Number(b.orgId)], elevatorId: null },
      {
        id: b.id,
        programId: Number(b.programId),
        dtu: String(b.dtu),
        transferId: String(b.transferId),
        state: Number(b.state),
        progress: Number(b.progress),
        error: b.error,
      },
    );
  }
}

function notAllowed(state: number, action: OtaAction, lang: Language): HttpError {
  return new HttpError(409, 'ota.notAllowed', {
    state: enumLabel(otaApprovalStatus, state, lang),
    action: translate(lang, `ota.action.${action}` as MessageKey),
  });
}
