/**
 * Two large, legal xlsx imports at once (100,000 elevator rows each, two tenants), and the server's resident
 * memory: its RSS before them and its peak (the kernel's max RSS of the process, worker threads included),
 * with the budget of bytes parsed at once (ImportLimits.parseBudgetBytes, the default) and without it (a budget
 * both files fit in, as before the budget existed), each in a fresh child process, in the same run.
 *
 *   npx tsx bench/import-memory.ts            # 100,000 rows a file; writes bench/results/import-memory.json
 *   npx tsx bench/import-memory.ts --short    # 20,000 rows a file
 *   npx tsx bench/import-memory.ts --built    # the compiled server (build first)
 *   npx tsx bench/import-memory.ts --rows 200000   # the most rows an import takes (ImportLimits.maxRows)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADER, makeB3File } from './lib/b3-file.js';
import { round } from './lib/stats.js';

const short = process.argv.includes('--short');
const built = process.argv.includes('--built');
const rowsArg = process.argv.includes('--rows') ? Number(process.argv[process.argv.indexOf('--rows') + 1]) : null;
const ROWS = rowsArg ?? (short ? 20_000 : 100_000);
const phase = process.argv.includes('--phase') ? process.argv[process.argv.indexOf('--phase') + 1] : null;

const maxRssMb = () => round(process.resourceUsage().maxRSS / 1024, 1);
const rssMb = () => round(process.memoryUsage().rss / 1024 / 1024, 1);

/** One server in this process; two tenants' administrators import their file at the same moment. */
async function twoImports(files: string[], budgetBytes: number) {
  const { LiftCloudClient, MemorySessionStore } = await import('@liftcloud/client');
  const { buildApp } = built
    ? await import('../packages/server/dist/app.js')
    : await import('../packages/server/src/app.js');
  const { DEMO_PASSWORD, seedDemo } = built
    ? await import('../packages/server/dist/seed/demo.js')
    : await import('../packages/server/src/seed/demo.js');
  const { benchStore } = await import('./lib/store.js');
  const { store, dispose } = await benchStore('bench_import_memory');
  const app = await buildApp({
    store,
    loginRatePerMinute: 1_000,
    testing: { revealCaptcha: true },
    importLimits: { parseBudgetBytes: budgetBytes },
  });
  await seedDemo(store);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = async (username: string) => {
    const session = new MemorySessionStore();
    session.setLanguage('en-US');
    const client = new LiftCloudClient({ baseUrl: `${address}/api`, session, timeZone: 'Asia/Shanghai' });
    const captcha = (await client.auth.captcha()) as { key: string; answer?: string };
    await client.auth.login({
      username,
      password: DEMO_PASSWORD,
      captchaKey: captcha.key,
      captchaCode: captcha.answer ?? '',
    });
    return client;
  };
  const clients = [await login('admin'), await login('coastaladmin')];
  // warm up: the worker code (bundled once when running from source) and the route
  const writeXlsxFile = (await import('write-excel-file/node')).default;
  const warm = await writeXlsxFile([HEADER.slice(0, 5), ['Warm', 'WARM-1', 'W', 'Escalator', 'In use']]).toBuffer();
  await clients[0]!.imports.upload('elevator', new Blob([new Uint8Array(warm)]), { fileName: 'warm.xlsx' });
  const blobs = files.map((f) => new Blob([new Uint8Array(readFileSync(f))]));
  const baseline = rssMb();
  const peakBefore = maxRssMb();
  const t0 = performance.now();
  const answers = await Promise.all(
    clients.map((client, i) => client.imports.upload('elevator', blobs[i]!, { fileName: `lifts-${i}.xlsx` })),
  );
  const ms = performance.now() - t0;
  const peak = maxRssMb();
  await app.close();
  await dispose();
  return {
    budgetMb: round(budgetBytes / 1024 / 1024, 1),
    created: answers.map((a) => a.created),
    bothDoneMs: round(ms),
    rssBeforeMb: baseline,
    peakBeforeImportsMb: peakBefore,
    peakRssMb: peak,
    growthMb: round(peak - baseline, 1),
  };
}

function child(files: string[], budgetBytes: number): Record<string, unknown> {
  const script = fileURLToPath(import.meta.url);
  const args = [...process.execArgv, script, '--phase', String(budgetBytes), ...files, ...(built ? ['--built'] : [])];
  const out = execFileSync(process.execPath, args, {
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

async function main() {
  if (phase) {
    const at = process.argv.indexOf('--phase');
    const files = [process.argv[at + 2]!, process.argv[at + 3]!];
    process.stdout.write(`${JSON.stringify(await twoImports(files, Number(phase)))}\n`);
    return;
  }
  const { DEFAULT_IMPORT_LIMITS } = await import('../packages/server/src/services/xlsx/limits.js');
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-import-memory-'));
  try {
    const files = [join(dir, 'a.xlsx'), join(dir, 'b.xlsx')];
    const sizes = [await makeB3File(files[0]!, ROWS, 'A'), await makeB3File(files[1]!, ROWS, 'B')];
    // no budget to speak of (both files parse at once, as before it existed), then the default
    const unbounded = child(files, 1024 * 1024 * 1024);
    const bounded = child(files, DEFAULT_IMPORT_LIMITS.parseBudgetBytes);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      rowsPerFile: ROWS,
      fileMb: sizes.map((s) => round(s / 1024 / 1024, 2)),
      store: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      built,
      unbounded,
      bounded,
    };
    console.log(JSON.stringify(result, null, 2));
    const name = `import-memory${rowsArg ? `-${ROWS}` : ''}${built ? '-built' : ''}${process.env.DATABASE_URL ? '-postgres' : ''}.json`;
    mkdirSync(fileURLToPath(new URL('./results', import.meta.url)), { recursive: true });
    writeFileSync(fileURLToPath(new URL(`./results/${name}`, import.meta.url)), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
