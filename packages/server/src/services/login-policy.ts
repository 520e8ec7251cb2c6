import { LOGIN_THROTTLE } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { HttpError } from '../http/errors.js';

/** How someone proves who they are: a password, or a code sent to the account's phone. */
export type LoginMethod = 'password' | 'sms';

/** The wait before a further attempt after `failures` failures in the window: none for the first few, then doubling. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_THROTTLE.maxDelayMs, LOGIN_THROTTLE.firstDelayMs * 2 ** (failures - free));
}

const tooMany = (until: number, now: number) =>
  new HttpError(429, 'login.tooManyAttempts', { seconds: Math.max(1, Math.ceil((until - now) / 1000)) });

/**
 * The one policy both login paths (password and SMS code) follow, per account and source
 * (services/source.ts), so guessing is slowed without anyone being able to lock an owner out:
 * - an administrator's lock refuses both paths (403), and only an administrator lifts it;
 * - after LOGIN_THROTTLE.freeFailures failures from one source on one account in the window, each further
 *   attempt from that source waits a delay that doubles with every failure (429 with the seconds left),
 *   and is not checked at all until then; other sources are not affected;
 * - after LOGIN_THROTTLE.accountFailures failures on the account from all sources together (a spread-out
 *   guess), password attempts from sources the account has not logged in from lately wait too, by the same
 *   doubling; sources it has logged in from (the owner's) and SMS logins (which prove the phone) do not;
 * - a success clears that source's failures only, and marks the source as one the account logs in from.
 * Nothing else locks an account.
 */
export class LoginPolicy {
  constructor(private readonly db: Kysely<DB>) {}

  /** Throws 429 when this source must wait before trying this account again. */
  async admit(userId: number, source: string, method: LoginMethod, now = Date.now()): Promise<void> {
    const windowStart = now - LOGIN_THROTTLE.windowMs;
    const rows = await this.db
      .selectFrom('loginThrottles')
      .select(['source', 'failures', 'lastFailureTime', 'nextAttemptTime', 'lastSuccessTime'])
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('source', '=', source), eb('lastFailureTime', '>', windowStart)]))
      .execute();
    const own = rows.find((r) => r.source === source);
    if (own?.nextAttemptTime && own.nextAttemptTime > now) throw tooMany(own.nextAttemptTime, now);
    const known = own?.lastSuccessTime != null && own.lastSuccessTime > now - LOGIN_THROTTLE.knownSourceMs;
    if (method === 'sms' || known) return;
    const recent = rows.filter((r) => r.lastFailureTime !== null && r.lastFailureTime > windowStart);
    const failures = recent.reduce((sum, r) => sum + r.failures, 0);
    const wait = delayAfter(failures, LOGIN_THROTTLE.accountFailures);
    const last = Math.max(0, ...recent.map((r) => r.lastFailureTime ?? 0));
    if (wait > 0 && last + wait > now) throw tooMany(last + wait, now);
  }

  /** A wrong password or code from this source: counted, and the source's next attempt put off when due. */
  async failed(userId: number, source: string, now = Date.now()): Promise<void> {
    const windowStart = now - LOGIN_THROTTLE.windowMs;
    const row = await this.db
      .insertInto('loginThrottles')
      .values({ userId, source, failures: 1, lastFailureTime: now, nextAttemptTime: null, lastSuccessTime: null })
      .onConflict((oc) =>
        oc.columns(['userId', 'source']).doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('loginThrottles.lastFailureTime', '>', windowStart)
            .then(eb('loginThrottles.failures', '+', 1))
            .else(1)
            .end(),
          lastFailureTime: now,
        })),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    const wait = delayAfter(row.failures, LOGIN_THROTTLE.freeFailures);
    if (wait > 0)
      await this.db
        .updateTable('loginThrottles')
        .set({ nextAttemptTime: now + wait })
        .where('userId', '=', userId)
        .where('source', '=', source)
        .execute();
  }

  /** A login from this source: its failures are forgotten and it becomes a source the account logs in from. */
  async succeeded(userId: number, source: string, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('loginThrottles')
      .values({ userId, source, failures: 0, lastFailureTime: null, nextAttemptTime: null, lastSuccessTime: now })
      .onConflict((oc) =>
        oc.columns(['userId', 'source']).doUpdateSet({ failures: 0, nextAttemptTime: null, lastSuccessTime: now }),
      )
      .execute();
  }

  /** Whether the account logged in from this source lately (SMS sends from there are not capped per phone). */
  async knows(userId: number, source: string, now = Date.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom('loginThrottles')
      .select('lastSuccessTime')
      .where('userId', '=', userId)
      .where('source', '=', source)
      .executeTakeFirst();
    return row?.lastSuccessTime != null && row.lastSuccessTime > now - LOGIN_THROTTLE.knownSourceMs;
  }

  /** An administrator's unlock or password reset: every delay on the account ends (known sources stay known). */
  async clear(userId: number): Promise<void> {
    await this.db
      .updateTable('loginThrottles')
      .set({ failures: 0, nextAttemptTime: null, lastFailureTime: null })
      .where('userId', '=', userId)
      .execute();
  }
}
