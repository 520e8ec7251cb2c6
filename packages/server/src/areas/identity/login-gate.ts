import { SUPER_ADMIN_USERNAME } from '@liftcloud/client';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { HttpError } from '../../http/errors.js';
import { logLogin, type LoginAttempt } from '../../services/audit.js';
import { LoginPolicy, type LoginMethod } from '../../services/login-policy.js';
import { openSession } from '../../services/sessions.js';
import { sourceOf } from '../../services/source.js';
import type { LoginAnswer } from '@liftcloud/client';

/** The account a login is for, as the gate reads it. */
export interface LoginAccount {
  id: number;
  username: string;
  name: string;
  tenantId: number;
  companyId: number | null;
  locked: number | null;
}

/**
 * The steps both login paths share (services/login-policy.ts): the administrator's lock, the per-source
 * wait, the proof itself, the tenant's state; each outcome recorded in the login log and the throttle.
 */
export class LoginGate {
  readonly policy: LoginPolicy;
  constructor(private readonly db: Kysely<DB>) {
    this.policy = new LoginPolicy(db);
  }

  /**
   * Let `prove` decide (a password or an SMS code check) unless the account is locked or this source must
   * wait; on success open the session. `prove` answers false for a wrong secret.
   */
  async login(
    req: FastifyRequest,
    account: LoginAccount,
    method: LoginMethod,
    prove: () => Promise<boolean>,
  ): Promise<LoginAnswer> {
    const source = sourceOf(req);
    const attempt: Omit<LoginAttempt, 'result'> = {
      userName: account.username,
      loginType: 1,
      ip: req.ip,
      tenantId: account.tenantId,
      orgId: account.companyId,
      name: account.name,
    };
    if (account.locked) {
      await logLogin(this.db, { ...attempt, result: 3 });
      throw new HttpError(403, 'login.locked');
    }
    try {
      await this.policy.admit(account.id, source, method);
    } catch (err) {
      await logLogin(this.db, { ...attempt, result: 2 });
      throw err;
    }
    if (!(await prove())) {
      await this.policy.failed(account.id, source);
      await logLogin(this.db, { ...attempt, result: 2 });
      throw new HttpError(401, method === 'sms' ? 'login.captchaIncorrect' : 'login.failed');
    }
    if (account.username !== SUPER_ADMIN_USERNAME) {
      const tenant = await this.db
        .selectFrom('tenants')
        .select('status')
        .where('id', '=', account.tenantId)
        .executeTakeFirst();
      if (tenant?.status !== 1) throw new HttpError(403, 'login.tenantFrozen');
    }
    await this.policy.succeeded(account.id, source);
    const answer = await openSession(this.db, account.id, req.hostname);
    await logLogin(this.db, { ...attempt, result: 1 });
    return answer;
  }
}
