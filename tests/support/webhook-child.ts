// A server process for the kill -9 test (tests/api/webhooks-kill.test.ts): the app over an existing store with its
// job timer running, so the webhook-deliveries job sends on its own; prints "ready" once listening.
// CHILD_CLOCK_AHEAD_MS starts its jobs' clock that far ahead: a process started after a killed holder's lease ran out.
import { buildApp } from '../../packages/server/src/app.js';
import { openStore } from '../../packages/server/src/db/database.js';

const [sqliteFile, keyFile, uploadDir] = process.argv.slice(2) as [string, string, string];
const store = openStore({ databaseUrl: process.env.CHILD_DATABASE_URL || undefined, sqliteFile });
const ahead = Number(process.env.CHILD_CLOCK_AHEAD_MS ?? 0);
const app = await buildApp({
  store,
  jobs: { clock: () => Date.now() + ahead },
  uploadDir,
  webhooks: { targets: 'loopback' },
  developers: { secretKeyFile: keyFile },
  monitoring: { mqttPort: 0, mqttHost: '127.0.0.1', sweepEveryMs: 3_600_000 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('ready\n');
