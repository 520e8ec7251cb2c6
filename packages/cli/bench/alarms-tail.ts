/**
 * Alarms per second through `liftctl alarms tail -o jsonl`: the real server in-process (temp SQLite, embedded
 * broker), G provisioned gateways publishing N alarms at QoS 1 as fast as the broker acknowledges, and the built
 * liftctl as a subprocess printing them. The rate is N over the time from the first publish to the last line.
 * Status frames (no work order behind them) are measured the same way, to show the CLI's own ceiling.
 *
 *   npx tsx packages/cli/bench/alarms-tail.ts [--alarms 2000] [--gateways 10]
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../../../tests/support/server.js';
import { connectGateway, provision, publish } from '../test/helpers/live-server.js';
import { tempConfigDir } from '../test/helpers/cli.js';

const { values } = parseArgs({
  options: { alarms: { type: 'string', default: '2000' }, gateways: { type: 'string', default: '10' } },
});
const N = Number(values.alarms);
const G = Number(values.gateways);
const BIN = fileURLToPath(new URL('../bin/liftctl.js', import.meta.url));

async function main() {
  const s = await startTestServer();
  try {
    const admin = await s.login('admin');
    const token = (await admin.tokens.create('bench')).token;
    const gws = [];
    for (let i = 0; i < G; i++) gws.push(await provision(s, admin, String(86900000001 + i)));
    const devices = await Promise.all(gws.map((g) => connectGateway(s.mqttUrl, g)));

    const run = async (kind: 'alarm' | 'status') => {
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LIFTCTL_CONFIG_DIR: tempConfigDir(),
        LIFTCTL_SERVER: s.baseUrl,
        LIFTCTL_TOKEN: token,
      };
      const child = spawn(
        process.execPath,
        [BIN, 'alarms', 'tail', '-o', 'jsonl', '--type', kind, '--max', String(N)],
        {
          env,
        },
      );
      let lines = 0;
      let last = 0;
      child.stdout.on('data', (d: Buffer) => {
        for (const c of d) if (c === 10) lines++;
        last = performance.now();
      });
      const exited = new Promise<number | null>((r) => child.on('close', r));
      while (s.app.monitoring.hub.clients() === 0) await new Promise((r) => setTimeout(r, 20));
      const started = performance.now();
      // Each gateway publishes its share in order; the gateways run side by side.
      await Promise.all(
        devices.map(async (d, gi) => {
          for (let i = gi; i < N; i += G)
            await publish(
              d,
              gws[gi]!.dtu,
              kind,
              kind === 'alarm'
                ? { type: 1, floor: 1 + (i % 20) }
                : { floor: 1 + (i % 20), direction: 0, door: 0, run: 0, flags: [] },
            );
        }),
      );
      const acked = performance.now();
      const code = await exited;
      if (code !== 0 || lines !== N) throw new Error(`tail exited ${code} after ${lines} of ${N} lines`);
      const seconds = (last - started) / 1000;
      console.log(
        `${kind}: ${N} frames from ${G} gateways, all acknowledged after ${((acked - started) / 1000).toFixed(2)} s, last line after ${seconds.toFixed(2)} s: ${Math.round(N / seconds)} per second`,
      );
      // Let the previous tail's socket go before the next run counts subscribers.
      while (s.app.monitoring.hub.clients() > 0) await new Promise((r) => setTimeout(r, 20));
    };
    await run('alarm');
    await run('status');
    await Promise.all(devices.map((d) => d.endAsync()));
  } finally {
    await s.close();
  }
}

await main();
