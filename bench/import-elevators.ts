/**
 * B3: xlsx import of elevators (validate, dedupe, insert) beside the import's own streaming sheet reader alone
 * on the same file, in the same run, and read-excel-file (the whole-sheet reader the import used before) as a
 * second reference. Each side runs in a fresh child process that loads only what it needs, so each peak memory
 * (the kernel's max RSS) is its own; the long run alternates the sides three times and compares the medians.
 *
 *   npx tsx bench/import-elevators.ts            # 100,000 rows, SQLite file; writes bench/results/import-elevators.json
 *   npx tsx bench/import-elevators.ts --short    # 10,000 rows, a quick look
 *   npx tsx bench/import-elevators.ts --built    # the compiled server (build first: npm run typecheck); …-built.json
 *   npx tsx bench/import-elevators.ts --keep /tmp/b3.xlsx   # keep the generated file, reuse it next time
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/import-elevators.ts   # …-postgres.json
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADER, makeB3File as makeFile } from './lib/b3-file.js';
import { round } from './lib/stats.js';

const short = process.argv.includes('--short');
/** --built: the server's compiled JavaScript (packages/server/dist, as `npm start` runs it), not its TypeScript source. */
const built = process.argv.includes('--built');
const ROWS = short ? 10_000 : 100_000;
/** Runs of each side; the medians are compared. */
const RUNS = short ? 1 : 3;
const phase = process.argv[process.argv.indexOf('--phase') + 1];
const maxRssMb = () => round(process.resourceUsage().maxRSS / 1024, 1);
const rssMb = () => round(process.memoryUsage().rss / 1024 / 1024, 1);

/** The import's streaming reader alone (unzip, shared strings, sheet XML to typed cells), on this thread: the baseline. */
async function readerPhase(file: string) {
  const { XlsxArchive } = built
    ? await import('../packages/server/dist/services/xlsx/zip.js')
    : await import('../packages/server/src/services/xlsx/zip.js');
  const { readFirstSheet } = built
    ? await import('../packages/server/dist/services/xlsx/sheet-reader.js')
    : await import('../packages/server/src/services/xlsx/sheet-reader.js');
  const { DEFAULT_IMPORT_LIMITS } = built
    ? await import('../packages/server/dist/services/xlsx/limits.js')
    : await import('../packages/server/src/services/xlsx/limits.js');
  const bytes = readFileSync(file);
  const read = async (buf: Buffer) => {
    let rows = 0;
    let cells = 0;
    await readFirstSheet(new XlsxArchive(buf, DEFAULT_IMPORT_LIMITS), DEFAULT_IMPORT_LIMITS, {
      row(_rowNo, row) {
        rows++;
        cells += row.length;
      },
    });
    return { rows, cells };
  };
  const writeXlsxFile = (await import('write-excel-file/node')).default;
  await read(await writeXlsxFile([['warm up'], ['x']]).toBuffer());
  const baseline = rssMb();
  const t0 = performance.now();
  const { rows } = await read(bytes);
  const ms = performance.now() - t0;
  return {
    rows: rows - 1,
    ms: round(ms),
    rowsPerSecond: Math.round(((rows - 1) / ms) * 1000),
    baselineRssMb: baseline,
    peakRssMb: maxRssMb(),
  };
}

/** read-excel-file alone, the whole sheet at once: the reader the import used before, for reference. */
async function referencePhase(file: string) {
  const { readSheet } = await import('read-excel-file/node');
  const writeXlsxFile = (await import('write-excel-file/node')).default;
  const bytes = readFileSync(file);
  await readSheet(await writeXlsxFile([['warm up'], ['x']]).toBuffer());
  const baseline = rssMb();
  const t0 = performance.now();
  const rows = await readSheet(bytes);
  const ms = performance.now() - t0;
  return {
    rows: rows.length - 1,
    ms: round(ms),
    rowsPerSecond: Math.round(((rows.length - 1) / ms) * 1000),
    baselineRssMb: baseline,
    peakRssMb: maxRssMb(),
  };
}

/** The whole import over HTTP: multipart upload, ZIP checks, worker parse, conversion, validation, dedupe, one transaction. */
async function importPhase(file: string) {
  const { LiftCloudClient, MemorySessionStore } = await import('@liftcloud/client');
  const writeXlsxFile = (await import('write-excel-file/node')).default;
  const { buildApp } = built
    ? await import('../packages/server/dist/app.js')
    : await import('../packages/server/src/app.js');
  const { DEMO_PASSWORD, seedDemo } = built
    ? await import('../packages/server/dist/seed/demo.js')
    : await import('../packages/server/src/seed/demo.js');
  const { benchStore } = await import('./lib/store.js');
  const { store, dispose } = await benchStore('bench_b3');
  const app = await buildApp({ store, loginRatePerMinute: 1_000, testing: { revealCaptcha: true } });
  await seedDemo(store);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const session = new MemorySessionStore();
  session.setLanguage('en-US');
  const client = new LiftCloudClient({ baseUrl: `${address}/api`, session, timeZone: 'Asia/Shanghai' });
  const captcha = (await client.auth.captcha()) as { key: string; answer?: string };
  await client.auth.login({
    username: 'admin',
    password: DEMO_PASSWORD,
    captchaKey: captcha.key,
    captchaCode: captcha.answer ?? '',
  });
  // Warm up: the worker code (bundled once when running from source) and the route.
  const warm = await writeXlsxFile([
    HEADER.slice(0, 5),
    ['Warm', 'WARM-1', null as unknown as string, 'Escalator', 'In use'],
  ]).toBuffer();
  await client.imports.upload('elevator', new Blob([new Uint8Array(warm)]), { fileName: 'warm.xlsx' });
  const bytes = readFileSync(file);
  const blob = new Blob([new Uint8Array(bytes)]);
  const baseline = rssMb();
  const t0 = performance.now();
  const answer = await client.imports.upload('elevator', blob, { fileName: 'elevators.xlsx' });
  const ms = performance.now() - t0;
  const peak = maxRssMb();
  // Re-import: every row is found and skipped, nothing written.
  const t1 = performance.now();
  const again = await client.imports.upload('elevator', blob, { fileName: 'elevators.xlsx' });
  const reimportMs = performance.now() - t1;
  await app.close();
  await dispose();
  return {
    store: store.dialect,
    answer,
    ms: round(ms),
    rowsPerSecond: Math.round((answer.created / ms) * 1000),
    baselineRssMb: baseline,
    peakRssMb: peak,
    growthRssMb: round(peak - baseline, 1),
    reimport: { answer: again, ms: round(reimportMs), rowsPerSecond: Math.round((again.skipped / reimportMs) * 1000) },
  };
}

function child(phaseName: string, file: string): Record<string, unknown> {
  const script = fileURLToPath(import.meta.url);
  const args = [...process.execArgv, script, '--phase', phaseName, file, ...(built ? ['--built'] : [])];
  const out = execFileSync(process.execPath, args, {
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

async function main() {
  if (phase === 'reader' || phase === 'reference' || phase === 'import') {
    const file = process.argv[process.argv.indexOf('--phase') + 2]!;
    const result =
      phase === 'reader'
        ? await readerPhase(file)
        : phase === 'reference'
          ? await referencePhase(file)
          : await importPhase(file);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-b3-file-'));
  // --keep <path>: the generated file stays there, and a later run with the same path reuses it.
  const kept = process.argv.includes('--keep') ? process.argv[process.argv.indexOf('--keep') + 1]! : null;
  const file = kept ?? join(dir, 'elevators.xlsx');
  const t0 = performance.now();
  const bytes = kept && existsSync(kept) ? statSync(kept).size : await makeFile(file, ROWS);
  const generateMs = performance.now() - t0;
  // Alternate the two sides a few times and compare medians: on a shared 2-core machine one run of either swings.
  const readers: Record<string, unknown>[] = [];
  const references: Record<string, unknown>[] = [];
  const imports: Record<string, unknown>[] = [];
  for (let i = 0; i < RUNS; i++) {
    readers.push(child('reader', file));
    imports.push(child('import', file));
    references.push(child('reference', file));
  }
  rmSync(dir, { recursive: true, force: true });
  const median = (runs: Record<string, unknown>[]) =>
    [...runs].sort((a, b) => Number(a.ms) - Number(b.ms))[Math.floor(runs.length / 2)]!;
  const reader = median(readers);
  const reference = median(references);
  const imported = median(imports);
  const result = {
    bench: 'B3 xlsx import of elevators',
    date: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    server: built ? 'compiled (packages/server/dist)' : 'TypeScript source through tsx',
    rows: ROWS,
    columns: HEADER.length,
    fileBytes: bytes,
    generateMs: round(generateMs),
    reader,
    import: imported,
    ratio: round(Number(imported.rowsPerSecond) / Number(reader.rowsPerSecond), 2),
    reference: {
      ...reference,
      note: 'read-excel-file 9, the whole sheet at once (the reader before the streaming one)',
    },
    ratioToReference: round(Number(imported.rowsPerSecond) / Number(reference.rowsPerSecond), 2),
    runs: {
      readerMs: readers.map((r) => r.ms),
      referenceMs: references.map((r) => r.ms),
      importMs: imports.map((r) => r.ms),
      ratioOfBest: round(
        Math.min(...readers.map((r) => Number(r.ms))) / Math.min(...imports.map((r) => Number(r.ms))),
        2,
      ),
    },
    aims: { ratio: 0.5, peakRssMb: 256 },
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short) {
    const out = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(out, { recursive: true });
    // Formatted as the tree's prettier check wants it.
    const prettier = await import('prettier');
    const name = `import-elevators${process.env.DATABASE_URL ? '-postgres' : ''}${built ? '-built' : ''}.json`;
    const target = join(out, name);
    const options = { ...(await prettier.resolveConfig(target)), filepath: target };
    writeFileSync(target, await prettier.format(JSON.stringify(result, null, 2), options));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
