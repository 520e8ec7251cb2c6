import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../support/server.js';
import { CHROMIUM, collectErrors, CONTEXT_DEFAULTS, launchChromium, settled } from './browser.js';
import { ensureWebBuilt, WEB_DIST } from './webBuild.js';

export { CONTEXT_DEFAULTS, ensureWebBuilt, settled, WEB_DIST };

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const ARTIFACTS = `${repoRoot}test-artifacts/web`;

export const chromiumMissing = !existsSync(CHROMIUM);

/** The page's live channel is open (packages/web/src/live/liveStatus.ts): frames published now reach it. */
export async function liveOpen(page: Page): Promise<void> {
  await page.locator('html[data-live="open"]').waitFor({ state: 'attached' });
}

/** Browser tests share two cores with the server and other suites: each step gets room. */
export const BROWSER_TEST_TIMEOUT = 90_000;

export interface ConsolePage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export interface ConsoleFixture {
  server: TestServer;
  browser: Browser;
  base: string;
  /** A fresh browser context (own localStorage) in a browser language. */
  open(locale?: string): Promise<ConsolePage>;
  /** A page already logged in as a demo user (session from the API, stored as the console stores it). */
  openAs(
    username: string,
    opts?: {
      locale?: string;
      language?: string;
      path?: string;
      /** Runs once the session is stored, before the page is opened (routes, request listeners). */
      before?: (page: Page) => Promise<void>;
    },
  ): Promise<ConsolePage>;
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** The console over a seeded test server; `app` passes more buildApp options (a short gateway test window). */
export async function startConsole(
  opts: { app?: NonNullable<Parameters<typeof startTestServer>[0]>['app'] } = {},
): Promise<ConsoleFixture> {
  await ensureWebBuilt();
  mkdirSync(ARTIFACTS, { recursive: true });
  const server = await startTestServer({ webRoot: WEB_DIST, app: opts.app });
  const browser = await launchChromium();
  const base = server.baseUrl;

  const open = async (locale = 'zh-CN'): Promise<ConsolePage> => {
    const context = await browser.newContext({ ...CONTEXT_DEFAULTS, locale });
    // Two cores run the API suites beside the browser: waits get room (the test itself has 90 s).
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    return { page, context, errors: collectErrors(page) };
  };

  return {
    server,
    browser,
    base,
    open,
    async openAs(username, opts = {}) {
      const opened = await open(opts.locale);
      const client = await server.login(username);
      const session = client.session.get();
      await opened.page.goto(`${base}/login`);
      await opened.page.evaluate(
        ([s, language]) => {
          localStorage.setItem('liftcloud.session', s!);
          if (language) localStorage.setItem('liftcloud.language', JSON.stringify(language));
        },
        [JSON.stringify(session), opts.language ?? ''] as const,
      );
      await opts.before?.(opened.page);
      await opened.page.goto(`${base}${opts.path ?? '/'}`);
      return opened;
    },
    async shot(page, name) {
      await settled(page);
      await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, animations: 'disabled' });
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Texts of the sidebar's entries (groups and single items), top to bottom. */
export async function sidebarTexts(page: Page): Promise<string[]> {
  await page.getByTestId('sidebar').waitFor();
  const texts = await page.locator('[data-testid="sidebar"] > li').allInnerTexts();
  // an open submenu's text also holds its pages: the entry is the first line
  return texts.map((t) => t.trim().split('\n')[0]!.trim());
}

/** Wait until a list has settled in one of the given states. */
export async function listState(page: Page, testId: string, states = ['finish', 'empty', 'error']): Promise<string> {
  const list = page.getByTestId(testId);
  await list.waitFor();
  await page.waitForFunction(
    ([id, wanted]) =>
      wanted.includes(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') ?? ''),
    [testId, states] as const,
  );
  return (await list.getAttribute('data-state')) ?? '';
}

/**
 * Resolves once the page's repair-notice polls have answered `times` times from now: the orders they found are
 * history to the page (packages/web/src/notices/Notices.tsx), so an order raised after this is announced.
 */
export async function repairPollsAnswered(page: Page, times = 2): Promise<void> {
  await new Promise<void>((resolve) => {
    let answers = 0;
    const seen = (r: { url(): string; ok(): boolean }) => {
      if (new URL(r.url()).pathname !== '/api/workOrders/web' || !r.ok()) return;
      if (++answers < times) return;
      page.off('response', seen);
      resolve();
    };
    page.on('response', seen);
  });
}
