import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../support/server.js';
import { CHROMIUM, collectErrors, CONTEXT_DEFAULTS, launchChromium, settled } from './browser.js';

export { CONTEXT_DEFAULTS, settled };

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIST = `${repoRoot}packages/web/dist`;
export const ARTIFACTS = `${repoRoot}test-artifacts/web`;

/** The newest modification time under a folder. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** No build yet, or the console's or the client's source changed since the last one. */
function buildIsStale(): boolean {
  const index = `${WEB_DIST}/index.html`;
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return newest(`${repoRoot}packages/web/src`) > built || newest(`${repoRoot}packages/client/src`) > built;
}

/** Resolves once `path` no longer exists: watched, not polled; refused after `ms`. */
async function gone(path: string, ms: number): Promise<void> {
  const signal = AbortSignal.timeout(ms);
  const changes = watch(dirname(path), { signal });
  try {
    if (!existsSync(path)) return;
    for await (const _ of changes) if (!existsSync(path)) return;
  } catch (error) {
    if (signal.aborted) throw new Error(`waited ${ms / 60_000} minutes for another console build (${path})`);
    throw error;
  }
}

/**
 * The browser tests need the built console: build it when it is missing or stale. The browser project's
 * global setup calls this once before any test file starts; a file that finds the source changed since
 * builds again, one file at a time (holding a lock folder) while the others wait for the lock to go.
 */
export async function ensureWebBuilt(): Promise<void> {
  const lock = `${repoRoot}packages/web/.build-lock`;
  while (buildIsStale()) {
    try {
      mkdirSync(lock);
    } catch {
      await gone(lock, 180_000);
      continue;
    }
    try {
      // vitest's environment (NODE_ENV=test, MODE, DEV, …) would give React's and antd's development
      // builds: the build gets a plain one
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' };
      if (buildIsStale())
        execFileSync('npm', ['run', 'build', '-w', '@liftcloud/web'], { cwd: repoRoot, stdio: 'inherit', env });
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

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
  openAs(username: string, opts?: { locale?: string; language?: string; path?: string }): Promise<ConsolePage>;
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
