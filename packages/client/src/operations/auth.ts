import Type, { type Static } from 'typebox';
import { PERMISSION } from '../permissions.js';
import { mobile, password as passwordRule } from '../rules/formats.js';
import { labelled, named, NoData } from './components.js';
import { defineOperation } from './define.js';

/** Logging in and the caller's own session: captcha, password, SMS and token logins, profile, password change. */
const tags = ['auth'];

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

export const CaptchaAnswer = named(
  'CaptchaAnswer',
  Type.Object({
    key: Type.String(),
    /** An SVG image as a data: URL. */
    image: Type.String(),
    /** The same captcha, distortions and noise included, rasterised as half-block characters for a terminal. */
    text: Type.String(),
    /** Only from a test harness's server (AppOptions.testing.revealCaptcha), so a browser test can log in. */
    answer: Type.Optional(Type.String()),
  }),
);
export type CaptchaAnswer = Static<typeof CaptchaAnswer>;

export const PasswordLoginBody = named(
  'PasswordLoginBody',
  Type.Object(
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
  ),
);
export type PasswordLoginBody = Static<typeof PasswordLoginBody>;

export const SmsSendBody = named(
  'SmsSendBody',
  Type.Object({ phone, captchaKey, captchaCode }, { additionalProperties: false }),
);
export type SmsSendBody = Static<typeof SmsSendBody>;

export const SmsLoginBody = named(
  'SmsLoginBody',
  Type.Object(
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
  ),
);
export type SmsLoginBody = Static<typeof SmsLoginBody>;

export const TokenLoginBody = named(
  'TokenLoginBody',
  Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
);

const UiSettingShape = Type.Object({
  systemName: Type.String(),
  faviconIcon: Type.Union([Type.String(), Type.Null()]),
  logoLarge: Type.Union([Type.String(), Type.Null()]),
  logoSmall: Type.Union([Type.String(), Type.Null()]),
});

/** The login answer: everything the console keeps (console-shell.md §3). */
export const LoginAnswer = named(
  'LoginAnswer',
  Type.Object({
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
  }),
);
export type LoginAnswer = Static<typeof LoginAnswer>;

export const ChangePasswordBody = named(
  'ChangePasswordBody',
  Type.Object(
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
  ),
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The caller's own profile (account settings). */
export const MeAnswer = named(
  'MeAnswer',
  Type.Object({
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
  }),
);
export type MeAnswer = Static<typeof MeAnswer>;

export const getCaptcha = defineOperation({
  operationId: 'getCaptcha',
  method: 'GET',
  path: 'auth/captcha',
  permission: PERMISSION.public,
  tags,
  summary: 'A new captcha (an image, and the same drawing for a terminal); limited per source',
  response: CaptchaAnswer,
});

export const loginWithPassword = defineOperation({
  operationId: 'loginWithPassword',
  method: 'POST',
  path: 'auth/login',
  permission: PERMISSION.public,
  tags,
  summary: 'Log in with username, password and captcha',
  body: PasswordLoginBody,
  response: LoginAnswer,
});

export const sendSmsCode = defineOperation({
  operationId: 'sendSmsCode',
  method: 'POST',
  path: 'auth/sms/send',
  permission: PERMISSION.public,
  tags,
  summary: 'Send an SMS login code (valid 10 minutes, single use)',
  body: SmsSendBody,
  response: NoData,
});

export const loginWithSms = defineOperation({
  operationId: 'loginWithSms',
  method: 'POST',
  path: 'auth/sms/login',
  permission: PERMISSION.public,
  tags,
  summary: 'Log in with a phone number and SMS code',
  body: SmsLoginBody,
  response: LoginAnswer,
});

export const loginWithToken = defineOperation({
  operationId: 'loginWithToken',
  method: 'POST',
  path: 'auth/token',
  permission: PERMISSION.public,
  tags,
  summary: 'Check an access token and answer the session it acts as',
  body: TokenLoginBody,
  response: LoginAnswer,
});

export const logout = defineOperation({
  operationId: 'logout',
  method: 'POST',
  path: 'auth/logout',
  permission: PERMISSION.anyUser,
  duringPasswordChange: true,
  tags,
  summary: 'End this session (the token is revoked)',
  response: NoData,
});

export const getMe = defineOperation({
  operationId: 'getMe',
  method: 'GET',
  path: 'auth/me',
  permission: PERMISSION.anyUser,
  duringPasswordChange: true,
  tags,
  summary: 'The caller’s profile',
  response: MeAnswer,
});

export const changePassword = defineOperation({
  operationId: 'changePassword',
  method: 'PUT',
  path: 'auth/password',
  permission: PERMISSION.anyUser,
  duringPasswordChange: true,
  tags,
  summary: 'Change the caller’s password',
  body: ChangePasswordBody,
  response: NoData,
});
