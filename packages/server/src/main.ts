import { join } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openStore } from './db/database.js';
import { seedDemo } from './seed/demo.js';
import { setHashConcurrency, setHashNice } from './services/secrets.js';

/**
 * `npm start`: the platform on one process, with an embedded store and demo data. What only some starts need
 * (the NATS client, the demo fleet's simulator) is imported when needed, so a restart after a crash answers
 * sooner (bench/startup.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.hashConcurrency !== undefined) setHashConcurrency(config.hashConcurrency);
  if (config.hashNice !== undefined) setHashNice(config.hashNice);
  const store = openStore({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'liftcloud.db') });
  const app = await buildApp({
    store,
    webRoot: config.webRoot,
    uploadDir: join(config.dataDir, 'uploads'),
    // with PostgreSQL the key is a row of the store, so every instance signs and checks links alike
    ...(config.databaseUrl ? {} : { shareLinkKeyFile: join(config.dataDir, 'share-link.key') }),
    webhooks: {
      targets: (['public', 'loopback', 'any'] as const).find((v) => v === process.env.WEBHOOK_TARGETS) ?? 'public',
    },
    // notification e-mails over SMTP when SMTP_URL is set (otherwise they stay "not sent")
    ...(process.env.SMTP_URL
      ? {
          notifications: {
            smtp: { url: process.env.SMTP_URL, from: process.env.MAIL_FROM || 'LiftCloud <noreply@localhost>' },
          },
        }
      : {}),
    // developer secrets are sealed with DEVELOPER_SECRET_KEY, else a key file beside SQLite, else a key row
    developers: {
      secretKey: process.env.DEVELOPER_SECRET_KEY || undefined,
      ...(config.databaseUrl ? {} : { secretKeyFile: join(config.dataDir, 'developer-secret.key') }),
    },
    // With MQTT_URL the gateways talk to that broker and this instance joins the shared ingest group.
    monitoring: {
      ...(config.mqttUrl
        ? { mqttUrl: config.mqttUrl, instanceId: config.instanceId }
        : { mqttPort: config.mqttPort, mqttHost: config.mqttHost }),
      // With NATS_URL, live events travel between instances; otherwise they stay in this process.
      ...(config.natsUrl ? { bus: await (await import('./monitoring/nats-bus.js')).natsBus(config.natsUrl) } : {}),
    },
    logger: true,
    logLevel: config.logLevel,
    loginRatePerMinute: config.loginRatePerMinute,
    trustProxy: config.trustProxy,
    ...(config.mapTiles ? { mapTiles: config.mapTiles } : {}),
  });
  const demo = config.seedDemo ? await seedDemo(store) : null;
  if (demo) {
    // the demo tenant's fleet and its week of history, relative to now (docs/decisions.md "Daily use (issue 20)")
    const { seedDemoFleet } = await import('./seed/demo-fleet.js');
    const lifts = await seedDemoFleet(store.db, demo, Date.now());
    app.log.info(
      `demo data loaded (${lifts.length} lifts and escalators, a week of history): see README for the demo users`,
    );
  }
  let stopFleet: () => Promise<void> = async () => undefined;
  const close = async () => {
    await stopFleet();
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  if (config.simulateGateways > 0 && app.monitoring.broker) {
    // the demo fleet (the simulator and its MQTT client) loads after the server answers
    const [{ runFleet, SimulatedGateway }, { provisionDemoFleet }] = await Promise.all([
      import('@liftcloud/simulator'),
      import('./seed/demo-fleet.js'),
    ]);
    const members = await provisionDemoFleet(store.db, config.simulateGateways);
    const url = `mqtt://127.0.0.1:${app.monitoring.broker.port}`;
    // Fleet-wide, a fault about every 1.5 minutes, a trapped passenger about every 3 and an alarm bell about every
    // 5, so a fresh demo shows alarms, repair orders and notices within minutes. A lift waits at a landing for a
    // while and reports its state when it changes (at least every 30 s), so dozens of them stay light.
    const share = 6 / Math.max(6, members.length);
    const fleet = await runFleet(
      members.map(
        (m, i) =>
          new SimulatedGateway({
            mqttUrl: url,
            dtu: m.dtu,
            secret: m.secret,
            floors: m.floors,
            escalator: m.escalator,
            faultChance: 0.002 * share,
            trappedChance: 0.001 * share,
            bellChance: 0.0006 * share,
            callChance: 0.002 * share,
            hazardChance: 0.0005 * share,
            idleChance: 0.9,
            statusEveryTicks: 30,
            // the lift's meter, a reading a minute (the register goes on from the stored one)
            ...(m.meter ? { meter: { ...m.meter, everyTicks: 60 } } : {}),
            // EOCD: the first lift's guide rail is worn, the second's door is loose; four more ride smoothly, the
            // rest upload a run only when asked
            vibration: {
              everyRuns: i < 2 ? 3 : i < 6 && !m.escalator ? 6 : 0,
              fault: i === 0 ? 'wornRail' : i === 1 ? 'looseDoor' : 'none',
            },
          }),
      ),
    );
    stopFleet = fleet.stop;
    app.log.info(`${members.length} simulated gateways are reporting (SIMULATE_GATEWAYS=0 turns them off)`);
  }
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : config.port;
  const broker = app.monitoring.broker;
  app.log.info(
    { httpPort, mqttPort: broker?.port ?? null },
    `LiftCloud is running on http://localhost:${httpPort} (store: ${store.dialect}; gateways: mqtt://localhost:${broker?.port ?? '-'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
