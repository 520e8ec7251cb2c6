/** The login bodies' schemas, in a chunk of their own: they load with the first check (schemaRule.ts), not with /login. */
export { PasswordLoginBody, SmsLoginBody, SmsSendBody } from '@liftcloud/client';
