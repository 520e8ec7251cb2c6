import { SESSION_TTL_MS, type LoginAnswer } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { defaultOrg, resolveCaller } from './caller.js';
import { newToken, randomKey, sha256 } from './secrets.js';

/** Open a session for a user who has proved who they are, and build the login answer (console-shell.md §3). */
export async function openSession(db: Kysely<DB>, userId: number, host: string): Promise<LoginAnswer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'tenantId', 'mustChangePassword'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = newToken();
  const imPassword = randomKey(16);
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      tokenHash: sha256(token),
      userId,
      tenantId: user.tenantId,
      kind: 'session',
      name: null,
      prefix: null,
      // only its hash is kept: the password itself is in the login answer, once
      imPasswordHash: sha256(imPassword),
      createTime: now,
      updateTime: now,
      expireTime: now + SESSION_TTL_MS,
      lastUsedTime: now,
      revokeTime: null,
    })
    .execute();
  await db.updateTable('users').set({ lastLoginTime: now }).where('id', '=', userId).execute();
  return loginAnswer(db, token, host, imPassword);
}

/** The login answer for a valid token (a new session, or an access token used by a script). */
export async function loginAnswer(
  db: Kysely<DB>,
  token: string,
  host: string,
  imPassword: string,
): Promise<LoginAnswer> {
  const caller = await resolveCaller(db, token, undefined);
  const ui = await uiSettingForHost(db, host);
  return {
    token,
    username: caller.username,
    auth: caller.auth,
    userType: caller.userType,
    orgId: defaultOrg(caller),
    tenantAdmin: caller.tenantAdmin,
    imUsername: `im_${caller.userId}`,
    imPassword,
    uiSetting: {
      systemName: ui.systemName,
      faviconIcon: ui.faviconIcon,
      logoLarge: ui.logoLarge,
      logoSmall: ui.logoSmall,
    },
    platform: 'web',
    captchaShown: true,
    mustChangePassword: caller.mustChangePassword,
  };
}

export const DEFAULT_SYSTEM_NAME = 'LiftCloud';

/** The branding of a host name, falling back to the default system name. */
export async function uiSettingForHost(db: Kysely<DB>, host: string) {
  const name = host.split(':')[0]?.toLowerCase() ?? '';
  const row = await db
    .selectFrom('uiSettings')
    .select(['systemName', 'faviconIcon', 'logoLarge', 'logoSmall', 'appQrCode', 'miniProgramQrCode', 'homeBanner'])
    .where('host', '=', name)
    .executeTakeFirst();
  return (
    row ?? {
      systemName: DEFAULT_SYSTEM_NAME,
      faviconIcon: null,
      logoLarge: null,
      logoSmall: null,
      appQrCode: null,
      miniProgramQrCode: null,
      homeBanner: null,
    }
  );
}
