/**
 * What `npm start`'s demo costs while it runs: the built server (`node packages/server/dist/main.js`) on a fresh
 * SQLite store with the demo seeded, its CPU time (user + system, /proc/PID/stat, the simulator included: it
 * runs in the server's process) over a window after a warm-up, with SIMULATE_GATEWAYS at 0 (the baseline: the
 * server alone), 6 (the old default) and 36 (the default), each in turn, in the same run.
 *
 *   npx tsc -b packages/client packages/simulator packages/server first, then
 *   npx tsx bench/demo-cpu.ts            # a 60 s window, two rounds
 *   npx tsx bench/demo-cpu.ts --short    # a 20 s window, one round
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHORT = process.argv.includes('--short');
const WINDOW_S = SHORT ? 20 : 60;
const ROUNDS = SHORT ? 1 : 2;
const WARMUP_S = 10;
const COUNTS = [0, 6, 36];
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'packages/server/dist/main.js');
const TICKS = 100; // USER_HZ on Linux

const { NODE_OPTIONS: _nodeOptions, ...inherited } = process.env;

/** utime + stime of a process, in seconds. */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
};

async function measure(gateways: number, port: number): Promise<{ cpuPercent: number; rssMb: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'liftcloud-demo-cpu-'));
  const child = spawn('node', [MAIN], {
    env: {
      ...inherited,
      PORT: String(port),
      MQTT_PORT: '1987',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIMULATE_GATEWAYS: String(gateways),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    // ready: the port answers and, with gateways, the fleet has connected (it starts right after listening)
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/auth/captcha`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    const before = cpuSeconds(child.pid!);
    const started = performance.now();
    await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
    const used = cpuSeconds(child.pid!) - before;
    const seconds = (performance.now() - started) / 1000;
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return { cpuPercent: (100 * used) / seconds, rssMb: Number(rss) / 1024 };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Record<number, { cpuPercent: number[]; rssMb: number[] }> = {};
for (let round = 0; round < ROUNDS; round++)
  for (const count of COUNTS) {
    const r = await measure(count, 8187);
    (results[count] ??= { cpuPercent: [], rssMb: [] }).cpuPercent.push(Number(r.cpuPercent.toFixed(2)));
    results[count].rssMb.push(Math.round(r.rssMb));
    console.log(`${count} gateways: ${r.cpuPercent.toFixed(2)} % of a core, ${Math.round(r.rssMb)} MB`);
  }
const out = {
  date: new Date().toISOString(),
  cores: cpus().length,
  loadavg: loadavg().map((l) => Number(l.toFixed(1))),
  windowSeconds: WINDOW_S,
  results,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/demo-cpu.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
