import Type, { type Static } from 'typebox';
import { accessToken } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, labelled, named, NoData } from './components.js';
import { defineOperation } from './define.js';

/** Accounts beyond their CRUD: lock, password reset, role membership, access tokens. */

export const LockBody = named(
  'LockBody',
  Type.Object({ locked: labelled(Type.Boolean(), '锁定', 'Locked', 'Bloccato') }, { additionalProperties: false }),
);
export const ResetPasswordAnswer = named('ResetPasswordAnswer', Type.Object({ password: Type.String() }));
export type ResetPasswordAnswer = Static<typeof ResetPasswordAnswer>;

export const AssignUsersBody = named(
  'AssignUsersBody',
  Type.Object(
    {
      userIds: labelled(
        Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000, uniqueItems: true }),
        '用户',
        'Users',
        'Utenti',
      ),
    },
    { additionalProperties: false },
  ),
);
const RoleUser = Type.Object({ id: Type.Integer(), username: Type.String(), name: Type.String() });
export const RoleUsersAnswer = named(
  'RoleUsersAnswer',
  Type.Object({ selected: Type.Array(RoleUser), unselected: Type.Array(RoleUser) }),
);
export type RoleUsersAnswer = Static<typeof RoleUsersAnswer>;

export const CreateTokenBody = named(
  'CreateTokenBody',
  Type.Object(
    {
      name: Type.Unsafe<string>(accessToken.fields.name.schema),
      expireTime: Type.Optional(Type.Union([Type.Unsafe<string>(accessToken.fields.expireTime.schema), Type.Null()])),
    },
    { additionalProperties: false },
  ),
);
/** Shown once, when a token is created. */
export const CreatedTokenAnswer = named(
  'CreatedTokenAnswer',
  Type.Object({ id: Type.Integer(), name: Type.String(), token: Type.String() }),
);
export type CreatedTokenAnswer = Static<typeof CreatedTokenAnswer>;

export const lockUser = defineOperation({
  operationId: 'lockUser',
  method: 'PUT',
  path: 'users/:id/lock',
  permission: PERMISSION.users,
  tags: ['user'],
  summary: 'Lock or unlock an account',
  params: IdParams,
  body: LockBody,
  response: NoData,
});

export const resetUserPassword = defineOperation({
  operationId: 'resetUserPassword',
  method: 'POST',
  path: 'users/:id/resetPassword',
  permission: PERMISSION.users,
  tags: ['user'],
  summary: 'Reset a password to a one-time random one that must be changed at next login',
  params: IdParams,
  response: ResetPasswordAnswer,
});

export const getRoleUsers = defineOperation({
  operationId: 'getRoleUsers',
  method: 'GET',
  path: 'roles/:id/users',
  permission: PERMISSION.roles,
  tags: ['role'],
  summary: 'Users with and without a role',
  params: IdParams,
  response: RoleUsersAnswer,
});

export const setRoleUsers = defineOperation({
  operationId: 'setRoleUsers',
  method: 'PUT',
  path: 'roles/:id/users',
  permission: PERMISSION.roles,
  tags: ['role'],
  summary: 'Set which users hold a role',
  params: IdParams,
  body: AssignUsersBody,
  response: NoData,
});

export const createAccessToken = defineOperation({
  operationId: 'createAccessToken',
  method: 'POST',
  path: accessToken.path,
  permission: PERMISSION.anyUser,
  tags: ['accessToken'],
  summary: 'Create a named access token (shown once)',
  body: CreateTokenBody,
  response: CreatedTokenAnswer,
});

export const revokeAccessToken = defineOperation({
  operationId: 'revokeAccessToken',
  method: 'DELETE',
  path: `${accessToken.path}/:id`,
  permission: PERMISSION.anyUser,
  tags: ['accessToken'],
  summary: 'Revoke one of the caller’s access tokens',
  params: IdParams,
  response: NoData,
});
