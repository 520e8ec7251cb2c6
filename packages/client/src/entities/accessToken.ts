import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, readOnly, required, text } from '../schema/fields.js';

/** A named token for scripts and cron that acts with its owner's permissions; the secret is shown once. */
export const accessToken = defineEntity({
  name: 'accessToken',
  label: L('访问令牌', 'Access token', 'Token di accesso'),
  path: 'accessTokens',
  permission: PERMISSION.anyUser,
  fields: {
    name: required(text(L('令牌名称', 'Token name', 'Nome token'), { max: 100 })),
    prefix: readOnly(text(L('令牌前缀', 'Prefix', 'Prefisso'), { max: 20 })),
    expireTime: datetime(L('过期时间', 'Expires', 'Scadenza')),
    lastUsedTime: readOnly(datetime(L('最后使用时间', 'Last used', 'Ultimo uso'))),
    revokeTime: readOnly(datetime(L('撤销时间', 'Revoked', 'Revocato'))),
  },
  filters: { name: 'like' },
});
