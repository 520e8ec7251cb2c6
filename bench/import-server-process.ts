/**
 * B3's memory as a deployment sees it: the server started as `npm start` starts it (`node` with the start
 * script's flags and packages/server/dist/main.js, SQLite, the demo data, no simulated gateways), in a process
 * of its own, and the file imported the way an operator's cron job imports it (`liftctl import elevator FILE`). Prints the server
 * process's resident memory before the import and its peak (the kernel's high-water mark, worker threads
 * included), each run with a fresh server and store; the medians go to bench/results/import-server-process.json.
 *
 * bench/import-elevators.ts measures the import inside the bench's own process (beside the reader alone, for the
 * speed ratio), which also holds the bench's TypeScript loader, its client and its file writer: its peak is that
 * process's, not the server's.
 *
 *   npm run prepare                                # the compiled server and liftctl's bundle
 *   npx tsx bench/import-server-process.ts         # 100,000 rows, three runs
 *   npx tsx bench/import-server-process.ts --short # 10,000 rows, one run
 *   B3_RUNS=1 npx tsx bench/import-server-process.ts  # 100,000 rows, one run
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { format } from 'prettier';
import { DEMO_PASSWORD } from '../packages/server/src/seed/demo.js';
import { makeB3File } from './lib/b3-file.js';
import { startFlags } from './lib/start-flags.js';
import { round } from './lib/stats.js';

const short = process.argv.includes('--short');
const ROWS = short ? 10_000 : 100_000;
const RUNS = short ? 1 : Number(process.env.B3_RUNS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));

/** One kernel figure of a process, in MB (VmRSS: now; VmHWM: the high-water mark). */
const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024, 1);

async function run(file: string) {
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-b3-server-'));
  const env = { ...process.env, PORT: '0', MQTT_PORT: '0', DATA_DIR: dir, SIMULATE_GATEWAYS: '0', LOG_LEVEL: 'info' };
  const server = spawn(process.execPath, [...startFlags(), join(root, 'packages/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const started = /"httpPort":(\d+)/.exec(seen);
        if (started) resolve(Number(started[1]));
      });
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was running`)));
    });
    const api = `http://127.0.0.1:${port}/api`;
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { data: Record<string, string> }).data;
    };
    // the captcha's answer, read from the store as a person reads it off the drawing
    const captcha = ((await (await fetch(`${api}/auth/captcha`)).json()) as { data: { key: string } }).data;
    const db = new Database(join(dir, 'liftcloud.db'), { readonly: true });
    const { answer } = db.prepare('select answer from captchas where key = ?').get(captcha.key) as { answer: string };
    db.close();
    const login = await post('/auth/login', {
      username: 'admin',
      password: DEMO_PASSWORD,
      captchaKey: captcha.key,
      captchaCode: answer,
    });
    const { token } = await post('/accessTokens', { name: 'b3' }, login.token);
    const home = join(dir, 'home');
    mkdirSync(home);
    const liftctl = (args: string[], input?: string) =>
      execFileSync(process.execPath, [join(root, 'packages/cli/bundle/main.js'), ...args], {
        env: { ...process.env, HOME: home },
        input,
        encoding: 'utf8',
        stdio: ['pipe', 'pipe', 'inherit'],
      });
    liftctl(['profile', 'set', '--server', `http://127.0.0.1:${port}`]);
    liftctl(['login', '--with-token'], token);
    const startHwm = statusMb(server.pid!, 'VmHWM');
    const idle = statusMb(server.pid!, 'VmRSS');
    const t0 = performance.now();
    const answerText = liftctl(['import', 'elevator', file, '-o', 'json']);
    const ms = round(performance.now() - t0);
    const peak = statusMb(server.pid!, 'VmHWM');
    return {
      idleRssMb: idle,
      startHighWaterMb: startHwm,
      peakRssMb: peak,
      growthMb: round(peak - idle, 1),
      ms,
      answer: JSON.parse(answerText),
    };
  } finally {
    server.kill();
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    rmSync(dir, { recursive: true, force: true });
  }
}

const fileDir = mkdtempSync(join(tmpdir(), 'liftcloud-b3-file-'));
const file = join(fileDir, 'elevators.xlsx');
const bytes = await makeB3File(file, ROWS);
const loadBefore = loadavg()[0]!;
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await run(file));
rmSync(fileDir, { recursive: true, force: true });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const result = {
  bench: 'B3 import memory, the server in its own process (npm start), the file through liftctl',
  date: new Date().toISOString(),
  nodeFlags: startFlags(),
  machine: {
    cpus: cpus().length,
    node: process.version,
    loadavg1: { before: round(loadBefore), after: round(loadavg()[0]!) },
  },
  rows: ROWS,
  fileBytes: bytes,
  medians: {
    idleRssMb: median(runs.map((r) => r.idleRssMb)),
    peakRssMb: median(runs.map((r) => r.peakRssMb)),
    ms: median(runs.map((r) => r.ms)),
  },
  aimMb: 256,
  runs,
};
console.log(JSON.stringify(result, null, 2));
if (!short) {
  const target = fileURLToPath(new URL('./results/import-server-process.json', import.meta.url));
  writeFileSync(target, await format(JSON.stringify(result), { parser: 'json' }));
}
