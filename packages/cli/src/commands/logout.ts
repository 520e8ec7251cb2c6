import type { Command } from 'commander';
import { isApiError } from '../errors.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { contextFor } from './options.js';

export function register(program: Command): void {
  program
    .command('logout')
    .description(t('cmd.logout'))
    .action(async (_opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const { profileName: profile } = ctx.settings;
      const server = ctx.requireServer();
      if (ctx.settings.envToken) say.warn(t('logout.envToken'));
      const store = ctx.sessionStore();
      if (!store.get()) return say.info(t('logout.notLoggedIn', { profile }));
      const login = store.login();
      // An access-token login acts with the token itself: logout forgets it here, revoking is `token revoke`.
      const tokenLogin = Boolean(login?.accessToken && login.accessToken === login.session.token);
      const client = await ctx.client();
      try {
        await client.auth.logout(); // revokes the session on the server, then forgets it here
      } catch (error) {
        if (!isApiError(error) || error.status !== 401) throw error; // 401: already ended on the server
      } finally {
        ctx.credentials.put(profile, null); // the access token kept for re-login goes too
      }
      say.info(t('logout.done', { server, profile }));
      if (tokenLogin) say.warn(t('logout.tokenStillValid'));
    });
}
