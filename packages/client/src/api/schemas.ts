import Type, { type Static, type TSchema } from 'typebox';
import { username as usernameRule, password as passwordRule, mobile } from '../rules/formats.js';
import { L } from '../schema/fields.js';

/**
 * Request and answer shapes of the calls that are not plain entity CRUD. The server validates with
 * these and publishes them in OpenAPI; the client's types come from them.
 */
const labelled = <T extends TSchema>(schema: T, zh: string, en: string, it: string): T =>
  ({ ...schema, 'x-label': L(zh, en, it), description: en }) as T;

const captchaKey = labelled(
  Type.String({ minLength: 1, maxLength: 64 }),
  '验证码标识',
  'Captcha key',
  'Chiave captcha',
);
const captchaCode = labelled(
  Type.String({ minLength: 1, maxLength: 10, 'x-required': true }),
  '验证码',
  'Verification code',
  'Codice di verifica',
);
const phone = labelled(
  Type.String({ format: mobile.format, maxLength: 11, minLength: 1, 'x-required': true }),
  '手机号',
  'Phone',
  'Telefono',
);

export const CaptchaAnswer = Type.Object({
  key: Type.String(),
  /** An SVG image as a data: URL. */
  image: Type.String(),
  /** The same characters drawn as text lines, for a terminal. */
  text: Type.String(),
});
export type CaptchaAnswer = Static<typeof CaptchaAnswer>;

export const PasswordLoginBody = Type.Object(
  {
    username: labelled(
      Type.String({ minLength: 1, maxLength: 25, 'x-required': true }),
      '用户名',
      'Username',
      'Nome utente',
    ),
    password: labelled(
      Type.String({ minLength: 1, maxLength: 64, 'x-required': true }),
      '密码',
      'Password',
      'Password',
    ),
    captchaKey,
    captchaCode,
  },
  { additionalProperties: false },
);
export type PasswordLoginBody = Static<typeof PasswordLoginBody>;

export const SmsSendBody = Type.Object({ phone, captchaKey, captchaCode }, { additionalProperties: false });
export type SmsSendBody = Static<typeof SmsSendBody>;

export const SmsLoginBody = Type.Object(
  {
    phone,
    code: labelled(
      Type.String({ minLength: 1, maxLength: 10, 'x-required': true }),
      '短信验证码',
      'SMS code',
      'Codice SMS',
    ),
  },
  { additionalProperties: false },
);
export type SmsLoginBody = Static<typeof SmsLoginBody>;

const UiSettingShape = Type.Object({
  systemName: Type.String(),
  faviconIcon: Type.Union([Type.String(), Type.Null()]),
  logoLarge: Type.Union([Type.String(), Type.Null()]),
  logoSmall: Type.Union([Type.String(), Type.Null()]),
});

/** The login answer: everything the console keeps (console-shell.md §3). */
export const LoginAnswer = Type.Object({
  token: Type.String(),
  username: Type.String(),
  auth: Type.String(),
  userType: Type.Integer(),
  orgId: Type.Integer(),
  tenantAdmin: Type.Boolean(),
  imUsername: Type.String(),
  imPassword: Type.String(),
  uiSetting: UiSettingShape,
  platform: Type.String(),
  captchaShown: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
});
export type LoginAnswer = Static<typeof LoginAnswer>;

export const ChangePasswordBody = Type.Object(
  {
    oldPassword: labelled(
      Type.String({ minLength: 1, maxLength: 64, 'x-required': true }),
      '原密码',
      'Current password',
      'Password attuale',
    ),
    newPassword: labelled(
      Type.String({ format: passwordRule.format, maxLength: 30, minLength: 1, 'x-required': true }),
      '新密码',
      'New password',
      'Nuova password',
    ),
    confirmPassword: labelled(
      Type.String({ minLength: 1, maxLength: 30, 'x-required': true }),
      '确认密码',
      'Confirm password',
      'Conferma password',
    ),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The caller's own profile (account settings). */
export const MeAnswer = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  mail: Type.Union([Type.String(), Type.Null()]),
  userType: Type.Integer(),
  companyId: Type.Union([Type.Integer(), Type.Null()]),
  companyName: Type.Union([Type.String(), Type.Null()]),
  tenantId: Type.Integer(),
  tenantName: Type.String(),
  auth: Type.String(),
  orgId: Type.Integer(),
  canChangePassword: Type.Boolean(),
  tenantAdmin: Type.Boolean(),
});
export type MeAnswer = Static<typeof MeAnswer>;

export const OrgEntry = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
});
export type OrgEntry = Static<typeof OrgEntry>;

export const LockBody = Type.Object(
  { locked: labelled(Type.Boolean(), '锁定', 'Locked', 'Bloccato') },
  { additionalProperties: false },
);
export const ResetPasswordAnswer = Type.Object({ password: Type.String() });
export type ResetPasswordAnswer = Static<typeof ResetPasswordAnswer>;
export const AssignUsersBody = Type.Object(
  {
    userIds: labelled(
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000, uniqueItems: true }),
      '用户',
      'Users',
      'Utenti',
    ),
  },
  { additionalProperties: false },
);
export const RoleUsersAnswer = Type.Object({
  selected: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String(), name: Type.String() })),
  unselected: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String(), name: Type.String() })),
});
export type RoleUsersAnswer = Static<typeof RoleUsersAnswer>;

/** Shown once, when a token is created. */
export const CreatedTokenAnswer = Type.Object({ id: Type.Integer(), name: Type.String(), token: Type.String() });
export type CreatedTokenAnswer = Static<typeof CreatedTokenAnswer>;

/** The branding a host shows before anyone logs in. */
export const PublicUiSetting = Type.Object({
  systemName: Type.String(),
  faviconIcon: Type.Union([Type.String(), Type.Null()]),
  logoLarge: Type.Union([Type.String(), Type.Null()]),
  logoSmall: Type.Union([Type.String(), Type.Null()]),
  appQrCode: Type.Union([Type.String(), Type.Null()]),
  miniProgramQrCode: Type.Union([Type.String(), Type.Null()]),
  homeBanner: Type.Union([Type.String(), Type.Null()]),
});
export type PublicUiSetting = Static<typeof PublicUiSetting>;

/** Runtime configuration the server gives the console (the API base address is never baked in). */
export const RuntimeConfig = Type.Object({ apiBase: Type.String(), wsUrl: Type.String(), version: Type.String() });
export type RuntimeConfig = Static<typeof RuntimeConfig>;

export { usernameRule, passwordRule };
