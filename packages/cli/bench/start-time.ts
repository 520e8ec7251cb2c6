/**
 * B7: liftctl start-up beside `node -e 0`, in the same run, round-robin so machine noise hits every
 * command alike. Starts the real server in-process (temp SQLite, demo data) for `company list -o json`.
 *
 *   npx tsx packages/cli/bench/start-time.ts            # 30 runs of each
 *   npx tsx packages/cli/bench/start-time.ts --short    # 10 runs of each
 * Build first (`npm run build -w @liftcloud/cli`): liftctl runs bundle/ while it is up to date.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CredentialsFile } from '../src/config/credentials.js';
import { startTestServer } from '../../../tests/support/server.js';

const RUNS = process.argv.includes('--short') ? 10 : 30;
const BIN = fileURLToPath(new URL('../bin/liftctl.js', import.meta.url));
/** A command run from dist/ (tsc's output, one file per module) instead of bundle/, as before the bundle. */
const UNBUNDLED = 'unbundled:';

/** Run one command to its end, asynchronously: the server answering it lives in this process. */
function timed(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (args[0] === UNBUNDLED) {
    args = args.slice(1);
    env = { ...env, LIFTCTL_UNBUNDLED: '1' };
  }
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')}: ${stderr}`)),
    );
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function main() {
  const server = await startTestServer();
  const dir = mkdtempSync(join(tmpdir(), 'liftctl-bench-'));
  try {
    const session = (await server.login('admin')).session.get();
    if (!session) throw new Error('no session');
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: 'default', profiles: { default: { server: server.baseUrl } } }),
    );
    new CredentialsFile(join(dir, 'credentials.json')).put('default', { server: server.baseUrl, session });
    // Nothing of tsx's loader may reach the children: each is a plain `node`.
    const { NODE_OPTIONS: _nodeOptions, ...inherited } = process.env;
    const env = { ...inherited, LIFTCTL_CONFIG_DIR: dir, LANG: 'en_US.UTF-8' };
    const commands: Record<string, string[]> = {
      'node -e 0': ['-e', '0'],
      'liftctl --version': [BIN, '--version'],
      'liftctl --help': [BIN, '--help'],
      'liftctl profile list': [BIN, 'profile', 'list'],
      'liftctl company list -o json': [BIN, 'company', 'list', '-o', 'json'],
      'liftctl --help, unbundled (dist/)': [UNBUNDLED, BIN, '--help'],
      'liftctl company list -o json, unbundled (dist/)': [UNBUNDLED, BIN, 'company', 'list', '-o', 'json'],
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const [name, args] of Object.entries(commands)) {
        times[name]?.push(await timed(args, env));
      }
    }
    const base = median(times['node -e 0'] ?? []);
    const rows = Object.entries(times).map(([name, xs]) => ({
      command: name,
      medianMs: Math.round(median(xs)),
      ratio: Math.round((median(xs) / base) * 100) / 100,
    }));
    console.table(rows);
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadavg: loadavg().map((l) => Math.round(l * 10) / 10),
      runs: RUNS,
      rows,
    };
    console.log(JSON.stringify(report));
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
