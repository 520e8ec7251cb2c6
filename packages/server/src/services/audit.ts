import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';

/** The platform tenant: where attempts on unknown usernames are logged (visible to the super admin). */
export const PLATFORM_TENANT_ID = 1;

export interface LoginAttempt {
  tenantId: number | null;
  orgId: number | null;
  userName: string;
  name: string | null;
  loginType: number;
  /** 1 success, 2 failed, 3 locked. */
  result: 1 | 2 | 3;
  ip: string;
}

export async function logLogin(db: Kysely<DB>, a: LoginAttempt): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('loginLogs')
    .values({
      tenantId: a.tenantId ?? PLATFORM_TENANT_ID,
      orgId: a.orgId,
      userName: a.userName.slice(0, 50),
      name: a.name,
      loginType: a.loginType,
      result: a.result,
      loginIp: a.ip.slice(0, 64),
      loginTime: now,
      createTime: now,
      updateTime: now,
    })
    .execute();
}

export interface Operation {
  tenantId: number;
  orgId: number | null;
  userName: string;
  method: string;
  path: string;
  content: string;
}

export async function logOperation(db: Kysely<DB>, op: Operation): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('operationLogs')
    .values({
      tenantId: op.tenantId,
      orgId: op.orgId,
      userName: op.userName,
      operateContent: op.content.slice(0, 1000),
      method: op.method,
      path: op.path.slice(0, 300),
      operateTime: now,
      createTime: now,
      updateTime: now,
    })
    .execute();
}
