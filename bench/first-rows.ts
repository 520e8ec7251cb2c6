/**
 * B6 first rows: how long the console's user table takes to show its first rows in Chromium, from navigation
 * to the first row on screen, each time in a new browser context (an empty cache: a user opening the console
 * cold), beside a baseline built by this script in the same run: a bare antd Table that reads the same API
 * page with the same session (bench/first-rows/). Both are served by the same seeded server; the runs
 * alternate, and the medians are compared.
 *
 *   npx tsx bench/first-rows.ts             # 7 runs of each; writes bench/results/first-rows.json
 *   npx tsx bench/first-rows.ts --runs 15
 *   npx tsx bench/first-rows.ts --waterfall  # then one more console load: each request's start and end, ms
 *
 * Builds the console first when it is missing or stale (as the browser tests do).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { format } from 'prettier';
import { build } from 'vite';
import { startTestServer } from '../tests/support/server.js';
import { launchChromium } from '../tests/web/support/browser.js';
import { ensureWebBuilt, WEB_DIST } from '../tests/web/support/webBuild.js';
import { round } from './lib/stats.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const BASELINE_PATH = '/bench-first-rows/';
const ROWS = '[data-testid="list-user"] .ant-table-tbody tr.ant-table-row';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The built console with the baseline page beside it, in a folder of its own. */
async function webRoot(): Promise<string> {
  await ensureWebBuilt();
  const root = mkdtempSync(join(tmpdir(), 'lc-first-rows-'));
  cpSync(WEB_DIST, root, { recursive: true });
  await build({
    root: fileURLToPath(new URL('./first-rows/', import.meta.url)),
    base: BASELINE_PATH,
    plugins: [react()],
    logLevel: 'silent',
    build: { outDir: join(root, BASELINE_PATH), emptyOutDir: true },
  });
  return root;
}

const WATERFALL = process.argv.includes('--waterfall');

/** What the page fetched, in the order it asked: start → end (ms from navigation), path, bytes on the wire. */
async function waterfall(page: Page): Promise<string[]> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: r.name, start: r.startTime, end: r.responseEnd, bytes: r.transferSize };
    }),
  );
  const shown = await page.evaluate(() => performance.now());
  return [
    ...entries.map(
      (e) =>
        `${e.start.toFixed(0).padStart(5)} → ${e.end.toFixed(0).padStart(5)}  ${new URL(e.name).pathname}  ${(e.bytes / 1024).toFixed(1)} KB`,
    ),
    `${shown.toFixed(0).padStart(5)}  first rows on screen`,
  ];
}

/** Milliseconds from navigating to `url` in a new context to its first user row on screen. */
async function firstRows(browser: Browser, url: string, session: string, show = false): Promise<number> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
  try {
    await context.addInitScript((s) => localStorage.setItem('liftcloud.session', s), session);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url);
    await page.locator(ROWS).first().waitFor();
    const took = performance.now() - started;
    if (show) console.log((await waterfall(page)).join('\n'));
    return took;
  } finally {
    await context.close();
  }
}

const root = await webRoot();
const server = await startTestServer({ webRoot: root });
let browser: Browser | null = null;
try {
  const admin = await server.login('admin');
  const company = server.demo.companies.maintenance!;
  for (let n = 1; n <= 25; n++)
    await admin.entities.user.save({
      username: `bulk_${String(n).padStart(2, '0')}`,
      password: 'Passw0rdX',
      name: `Bulk ${n}`,
      phone: `1360000${String(n).padStart(4, '0')}`,
      userType: 2,
      roleIds: [],
      maintainer: false,
      companyId: company,
    });
  const session = JSON.stringify(admin.session.get());
  const pages = { console: `${server.baseUrl}/user`, baseline: `${server.baseUrl}${BASELINE_PATH}` };
  browser = await launchChromium();
  const loadBefore = loadavg();

  // the first load of each also warms the server (its routes, its statements): kept apart
  const serverCold = {
    console: round(await firstRows(browser, pages.console, session), 0),
    baseline: round(await firstRows(browser, pages.baseline, session), 0),
  };
  const times: Record<keyof typeof pages, number[]> = { console: [], baseline: [] };
  for (let run = 0; run < RUNS; run++)
    for (const side of run % 2 ? (['baseline', 'console'] as const) : (['console', 'baseline'] as const))
      times[side].push(round(await firstRows(browser, pages[side], session), 0));

  if (WATERFALL) await firstRows(browser, pages.console, session, true);
  const medians = { console: median(times.console), baseline: median(times.baseline) };
  const report = {
    date: new Date().toISOString().slice(0, 10),
    machine: { cpus: cpus().length, loadavg1: { before: round(loadBefore[0]!), after: round(loadavg()[0]!) } },
    runs: RUNS,
    medianMs: medians,
    consoleVsBaseline: round(medians.console / medians.baseline),
    serverColdMs: serverCold,
    allMs: times,
  };
  mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
  // written as prettier would (npm run lint checks it)
  const json = await format(JSON.stringify(report), { parser: 'json' });
  writeFileSync(new URL('./results/first-rows.json', import.meta.url), json);
  console.log(
    `first user rows, cold context, median of ${RUNS}: console ${medians.console} ms, bare antd table ` +
      `${medians.baseline} ms: ${report.consoleVsBaseline}x (load ${report.machine.loadavg1.before} → ` +
      `${report.machine.loadavg1.after} on ${report.machine.cpus} cores)`,
  );
} finally {
  await browser?.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
