/**
 * Start-up after a crash: the built server (`node packages/server/dist/main.js`) from spawn to its first HTTP
 * answer, killed with SIGKILL after each answer so every start recovers a store that was not closed, beside
 * `node -e 0`, a bare node HTTP server's first answer and the server's module loading alone, round-robin in
 * the same run so machine noise hits every row alike.
 *
 *   npm run build (or tsc -b packages/client packages/simulator packages/server) first, then
 *   npx tsx bench/startup.ts            # 15 runs of each
 *   npx tsx bench/startup.ts --short    # 5 runs of each
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = process.argv.includes('--short') ? 5 : 15;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'packages/server/dist/main.js');
const APP = join(ROOT, 'packages/server/dist/app.js');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** Resolves when the port answers an HTTP request (any status); retries while nothing listens. */
function firstAnswer(port: number, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let gone = false;
    child.once('exit', (code) => {
      gone = true;
      reject(new Error(`server exited (${code}) before answering`));
    });
    const attempt = () => {
      if (gone) return;
      const req = request({ host: '127.0.0.1', port, path: '/api/auth/captcha' }, (res) => {
        res.resume();
        resolve();
      });
      req.on('error', () => setTimeout(attempt, 5));
      req.end();
    };
    attempt();
  });
}

/** Nothing of tsx's loader may reach the children: each is a plain `node`. */
const { NODE_OPTIONS: _nodeOptions, ...inherited } = process.env;

/** The built server over `dataDir`, from spawn to first answer; then killed as a crash would end it. */
async function serverStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      SIMULATE_GATEWAYS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await firstAnswer(port, child);
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A command run to its end. */
function run(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: inherited, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

/** A bare node HTTP server from spawn to its first answer. */
async function helloStart(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('http').createServer((q, s) => s.end('hi')).listen(${port}, '127.0.0.1')`],
    { env: inherited, stdio: 'ignore' },
  );
  try {
    await firstAnswer(port, child);
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function main() {
  if (!existsSync(MAIN)) throw new Error('build the server first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'liftcloud-startup-'));
  try {
    // the first start migrates and seeds an empty store; the ones measured find it there, as after a crash
    const firstStart = await serverStart(dataDir);
    const rows: Record<string, number[]> = {
      'node -e 0': [],
      'bare node HTTP server, first answer': [],
      'server modules alone (import dist/app.js)': [],
      'LiftCloud after kill -9, first answer': [],
    };
    for (let i = 0; i < RUNS; i++) {
      rows['node -e 0']!.push(await run(['-e', '0']));
      rows['bare node HTTP server, first answer']!.push(await helloStart());
      rows['server modules alone (import dist/app.js)']!.push(
        await run(['--input-type=module', '-e', `await import(${JSON.stringify(APP)})`]),
      );
      rows['LiftCloud after kill -9, first answer']!.push(await serverStart(dataDir));
    }
    const base = median(rows['node -e 0']!);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverageAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
      runs: RUNS,
      firstStartWithSeedMs: Math.round(firstStart),
      rows: Object.entries(rows).map(([name, xs]) => ({
        name,
        medianMs: Math.round(median(xs)),
        minMs: Math.round(Math.min(...xs)),
        maxMs: Math.round(Math.max(...xs)),
        vsNodeE0: Math.round((median(xs) / base) * 10) / 10,
      })),
    };
    console.table(result.rows);
    console.log(`first start (migrate and seed an empty store): ${result.firstStartWithSeedMs} ms`);
    console.log(`load average at the end: ${result.loadAverageAtEnd.join(' ')}`);
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/startup.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
