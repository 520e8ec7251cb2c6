import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  liveOpen,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

/** Issue 12: a console whose session is revoked elsewhere returns to the login page at once, saying why. */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'a console whose session is revoked elsewhere',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('goes back to login with the reason when an administrator locks the account', async () => {
      const admin = await fx.server.login('admin');
      const { page } = await fx.openAs('companyuser', { language: 'en-US', path: '/' });
      await liveOpen(page);
      await admin.users.setLocked(fx.server.demo.users.companyuser!, true);
      const notice = page.getByTestId('login-session-ended');
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.innerText()).toContain('Your account was locked by an administrator');
      expect(new URL(page.url()).pathname).toBe('/login');
      // the session is forgotten: a reload stays on the login page
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('liftcloud.session') ?? 'null') as unknown),
      ).toBe(null);
      await page.getByTestId('login-card').waitFor();
      await fx.shot(page, 'login-session-revoked-en-US');
      await admin.users.setLocked(fx.server.demo.users.companyuser!, false);
    });

    it('says why when a request, not the live channel, is the first to meet the locked account', async () => {
      const admin = await fx.server.login('admin');
      const companyuser = fx.server.demo.users.companyuser!;
      // locked once the session is stored and before the console boots: no socket is open to be told
      const { page } = await fx.openAs('companyuser', {
        language: 'en-US',
        path: '/',
        before: async () => {
          await admin.users.setLocked(companyuser, true);
        },
      });
      try {
        const notice = page.getByTestId('login-session-ended');
        await notice.waitFor({ timeout: 20_000 });
        expect(await notice.innerText()).toContain('Your account was locked by an administrator');
        expect(new URL(page.url()).searchParams.get('ended')).toBe('locked');
      } finally {
        await admin.users.setLocked(companyuser, false);
      }
    });

    it('says it in the console’s language when the session logged out elsewhere (Italian)', async () => {
      const { page } = await fx.openAs('qaadmin', { language: 'it-Italy', path: '/' });
      await liveOpen(page);
      const token = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('liftcloud.session') ?? 'null') as { token: string }).token,
      );
      const res = await fx.server.fetch('auth/logout', { method: 'POST', token });
      expect(res.status).toBe(200);
      const notice = page.getByTestId('login-session-ended');
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.innerText()).toContain('Sei stato disconnesso');
      await fx.shot(page, 'login-session-revoked-it-Italy');
    });
  },
);
