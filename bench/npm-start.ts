/**
 * `npm start` from launch to its first HTTP answer: a start after a change to the console's sources
 * (the console is built, as every start did before) beside a second start with nothing changed (the build
 * is skipped), and the built server started directly (`node packages/server/dist/main.js`), round-robin
 * in the same run. Each start gets the same seeded SQLite data folder; its process group is killed after
 * the answer.
 *
 *   npx tsx bench/npm-start.ts            # 3 runs of each
 *   npx tsx bench/npm-start.ts --short    # 1 run of each
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'node_modules/.cache/liftcloud-build/console.json');
const RUNS = process.argv.includes('--short') ? 1 : 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Launch, poll / until it answers, kill the whole process group; milliseconds to the answer. */
async function timeToAnswer(command: string, args: string[], dataDir: string): Promise<number> {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const { NODE_OPTIONS: _loader, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...inherited, PORT: String(port), MQTT_PORT: String(mqttPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`${command} ${args.join(' ')} exited before answering`);
      const answered = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (answered) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lc-npm-start-'));
  try {
    // Seed the store (migrations, demo data) once, outside the timings.
    await timeToAnswer('node', ['packages/server/dist/main.js'], dataDir);
    const load = loadavg().map((l) => Math.round(l * 10) / 10);
    const times: Record<string, number[]> = { changed: [], unchanged: [], server: [] };
    for (let run = 0; run < RUNS; run++) {
      writeFileSync(STAMP, '{}\n'); // as if a source had changed since the last build
      times.changed!.push(await timeToAnswer('npm', ['start'], dataDir));
      times.unchanged!.push(await timeToAnswer('npm', ['start'], dataDir));
      times.server!.push(await timeToAnswer('node', ['packages/server/dist/main.js'], dataDir));
    }
    const base = median(times.server!);
    const rows = [
      ['`npm start` after a change to the console (builds it)', times.changed!],
      ['`npm start`, nothing changed (build skipped)', times.unchanged!],
      ['`node packages/server/dist/main.js` (the server alone)', times.server!],
    ].map(([name, xs]) => ({
      start: name as string,
      medianMs: Math.round(median(xs as number[])),
      vsServerAlone: Math.round((median(xs as number[]) / base) * 100) / 100,
    }));
    console.table(rows);
    const loadAfter = loadavg().map((l) => Math.round(l * 10) / 10);
    const report = {
      date: new Date().toISOString(),
      cpus: cpus().length,
      loadavg: [load, loadAfter],
      runs: RUNS,
      rows,
    };
    writeFileSync(join(ROOT, 'bench/results/npm-start.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
