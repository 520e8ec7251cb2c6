import type { LiftCloudClient, LoginAnswer } from '@liftcloud/client';
import type { Command } from 'commander';
import { ENV, envValue } from '../config/env.js';
import { parseServer } from '../config/settings.js';
import type { Context } from '../context.js';
import { CliError, isApiError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { askSecret, askText, requireTerminal } from '../prompts/ask.js';
import { contextFor } from './options.js';
import { readStdin } from './stdin.js';

interface LoginOptions {
  withToken?: boolean;
  sms?: boolean;
  username?: string;
  phone?: string;
  server?: string;
}

/** Fresh captchas offered before giving up on a mistyped code. */
const CAPTCHA_TRIES = 3;

export function register(program: Command): void {
  program
    .command('login')
    .description(t('cmd.login'))
    .option('--with-token', t('opt.withToken'))
    .option('--sms', t('opt.sms'))
    .option('--username <name>', t('opt.username'))
    .option('--phone <phone>', t('opt.phone'))
    .action(async (_opts, cmd: Command) => {
      const opts = cmd.optsWithGlobals<LoginOptions>();
      if (!opts.withToken) requireTerminal(t('login.noTty'));
      const ctx = await withServer(await contextFor(cmd, true), cmd, opts);
      if (envValue(ENV.token)) say.warn(t('login.envTokenSet'));
      const client = await ctx.client();
      const answer = opts.withToken
        ? await tokenLogin(ctx, client)
        : opts.sms
          ? await smsLogin(client, opts.phone)
          : await passwordLogin(client, opts.username);
      const store = ctx.sessionStore();
      say.info(
        t('login.done', {
          server: ctx.requireServer(),
          user: answer.username,
          org: store.getOrgId() ?? answer.orgId,
          profile: ctx.settings.profileName,
        }),
      );
      if (answer.mustChangePassword) say.warn(t('login.mustChangePassword'));
    });
}

/** The server to log in to: given with --server it is kept in the profile; asked for when none is known. */
async function withServer(ctx: Context, cmd: Command, opts: LoginOptions): Promise<Context> {
  const { profileName, profile, server } = ctx.settings;
  if (server && (!opts.server || profile.server === server)) return ctx;
  if (!server && opts.withToken) throw new CliError(t('config.noServer'), EXIT.usage);
  const validate = (value: string) => {
    try {
      parseServer(value);
      return true;
    } catch (error) {
      return (error as Error).message;
    }
  };
  const chosen = server ?? parseServer(await askText(t('login.server'), { validate }));
  const profiles = await ctx.profileStore();
  profiles.save(profileName, { server: chosen });
  if (Object.keys(profiles.all()).length === 1) profiles.use(profileName);
  return contextFor(cmd, true);
}

async function tokenLogin(ctx: Context, client: LiftCloudClient): Promise<LoginAnswer> {
  if (process.stdin.isTTY) say.info(t('login.pasteToken'));
  const token = (await readStdin()).trim();
  if (!token) throw new CliError(t('login.emptyToken'), EXIT.usage);
  const answer = await client.auth.tokenLogin(token);
  ctx.sessionStore().rememberAccessToken(token);
  return answer;
}

/** Show a captcha in the terminal (its text form) and read the code; returns the key and the code. */
async function solveCaptcha(client: LiftCloudClient): Promise<{ captchaKey: string; captchaCode: string }> {
  const captcha = await client.auth.captcha();
  say.info(t('login.captchaTitle'));
  say.info(captcha.text);
  return { captchaKey: captcha.key, captchaCode: await askText(t('login.captcha')) };
}

/** Run a step that needs a captcha, with a fresh captcha after a wrong code. */
async function withCaptcha<T>(
  client: LiftCloudClient,
  step: (c: { captchaKey: string; captchaCode: string }) => Promise<T>,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(await solveCaptcha(client));
    } catch (error) {
      if (!isApiError(error) || error.key !== 'login.captchaIncorrect' || attempt >= CAPTCHA_TRIES) throw error;
      say.error(error.message);
    }
  }
}

async function passwordLogin(client: LiftCloudClient, username?: string): Promise<LoginAnswer> {
  const name = username ?? (await askText(t('login.username')));
  const password = await askSecret(t('login.password'));
  return withCaptcha(client, (captcha) => client.auth.login({ username: name, password, ...captcha }));
}

async function smsLogin(client: LiftCloudClient, phoneArg?: string): Promise<LoginAnswer> {
  const phone = phoneArg ?? (await askText(t('login.phone')));
  await withCaptcha(client, (captcha) => client.auth.sendSms({ phone, ...captcha }));
  say.info(t('login.smsSent', { phone }));
  const code = await askSecret(t('login.smsCode'));
  return client.auth.smsLogin({ phone, code });
}
