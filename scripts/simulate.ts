/**
 * Run N simulated gateways against any LiftCloud server.
 *
 *   LIFTCLOUD_TOKEN=lct_… npx tsx scripts/simulate.ts --server http://localhost:8080 --mqtt mqtt://localhost:1884 --count 20 [--seconds 60] [--first-dtu 86500000001]
 *
 * The token (create one in the console's account page or with `liftctl token create`) needs indexes 110 and 9:
 * the script creates an elevator and a gateway per DTU number when missing, binds them and issues secrets.
 */
import { LiftCloudClient, MemorySessionStore } from '@liftcloud/client';
import { parseArgs } from 'node:util';
import { provisionThroughApi, runFleet, SimulatedGateway } from '../packages/simulator/src/index.js';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://localhost:8080' },
    mqtt: { type: 'string', default: 'mqtt://localhost:1884' },
    count: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '0' },
    'first-dtu': { type: 'string', default: '86500000001' },
  },
});

async function main(): Promise<void> {
  const token = process.env.LIFTCLOUD_TOKEN;
  if (!token) throw new Error('set LIFTCLOUD_TOKEN to an access token (indexes 110 and 9)');
  const client = new LiftCloudClient({
    baseUrl: `${values.server!.replace(/\/$/, '')}/api`,
    session: new MemorySessionStore(),
  });
  await client.auth.tokenLogin(token);
  const count = Number(values.count);
  const first = Number(values['first-dtu']);
  const dtus = Array.from({ length: count }, (_, i) => String(first + i));
  const gateways = (await provisionThroughApi(client, dtus)).map(
    ({ dtu, secret }) =>
      new SimulatedGateway({
        mqttUrl: values.mqtt!,
        dtu,
        secret,
        floors: 20,
        faultChance: 0.002,
        trappedChance: 0.0005,
      }),
  );
  const fleet = await runFleet(gateways);
  process.stderr.write(`${count} gateways reporting to ${values.mqtt}; Ctrl-C stops\n`);
  const report = setInterval(() => process.stderr.write(`messages sent: ${fleet.sent()}\n`), 5000);
  const stop = async () => {
    clearInterval(report);
    await fleet.stop();
    process.stderr.write(`stopped after ${fleet.sent()} messages\n`);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  if (Number(values.seconds) > 0) setTimeout(() => void stop(), Number(values.seconds) * 1000);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
