/** Every entity of the platform, one file each. Adding one: write its file, export it here and in ENTITIES. */
import { accessToken } from './accessToken.js';
import { announcement } from './announcement.js';
import { company } from './company.js';
import { loginLog } from './loginLog.js';
import { messageRecord } from './messageRecord.js';
import { operationLog } from './operationLog.js';
import { qualityBody } from './qualityBody.js';
import { role } from './role.js';
import { tenant } from './tenant.js';
import { uiSetting } from './uiSetting.js';
import { useUnit } from './useUnit.js';
import { user } from './user.js';

export {
  accessToken,
  announcement,
  company,
  loginLog,
  messageRecord,
  operationLog,
  qualityBody,
  role,
  tenant,
  uiSetting,
  useUnit,
  user,
};

export const ENTITIES = {
  accessToken,
  announcement,
  company,
  loginLog,
  messageRecord,
  operationLog,
  qualityBody,
  role,
  tenant,
  uiSetting,
  useUnit,
  user,
} as const;
export type EntityName = keyof typeof ENTITIES;

import type { RecordOf, InputOf } from '../schema/entity.js';
type F<E> = E extends { fields: infer X extends import('../schema/entity.js').Fields } ? X : never;
export type Tenant = RecordOf<F<typeof tenant>>;
export type Company = RecordOf<F<typeof company>>;
export type CompanyInput = InputOf<F<typeof company>>;
export type QualityBody = RecordOf<F<typeof qualityBody>>;
export type UseUnit = RecordOf<F<typeof useUnit>>;
export type Role = RecordOf<F<typeof role>>;
export type User = RecordOf<F<typeof user>>;
export type UserInput = InputOf<F<typeof user>>;
export type Announcement = RecordOf<F<typeof announcement>>;
export type MessageRecord = RecordOf<F<typeof messageRecord>>;
export type LoginLog = RecordOf<F<typeof loginLog>>;
export type OperationLog = RecordOf<F<typeof operationLog>>;
export type UiSetting = RecordOf<F<typeof uiSetting>>;
export type AccessToken = RecordOf<F<typeof accessToken>>;
