import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../support/server.js';
import { CHROMIUM, collectErrors, launchChromium } from './browser.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIST = `${repoRoot}packages/web/dist`;
export const ARTIFACTS = `${repoRoot}test-artifacts/web`;

/** The browser tests need the built console; build it once if this checkout has not. */
export function ensureWebBuilt(): void {
  if (existsSync(`${WEB_DIST}/index.html`)) return;
  execFileSync('npm', ['run', 'build', '-w', '@liftcloud/web'], { cwd: repoRoot, stdio: 'inherit' });
}

export const chromiumMissing = !existsSync(CHROMIUM);

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
  openAs(username: string, opts?: { locale?: string; language?: string; path?: string }): Promise<ConsolePage>;
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startConsole(): Promise<ConsoleFixture> {
  ensureWebBuilt();
  mkdirSync(ARTIFACTS, { recursive: true });
  const server = await startTestServer({ webRoot: WEB_DIST });
  const browser = await launchChromium();
  const base = server.baseUrl;

  const open = async (locale = 'zh-CN'): Promise<ConsolePage> => {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 800 } });
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
      await opened.page.goto(`${base}${opts.path ?? '/'}`);
      return opened;
    },
    async shot(page, name) {
      await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
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
