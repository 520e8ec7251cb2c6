/**
 * B4: live fan-out. 1,000 consoles on the live channel (/api/ws) of the real server, logged in as five users of
 * two tenants and several organisations, receive status frames published through the hub (tenant and
 * organisation filtering, one JSON encoding a frame, the send-buffer bound); beside it, a bare `ws` server
 * broadcasting the same frame strings to the same number of sockets, in the same run. The consoles live in a
 * child process (one core each side, the same for both servers) and parse every frame as a console does.
 * Figures are deliveries per second (a frame reaching one socket); the ratio is the hub's over the raw broadcast.
 * A third phase repeats the hub's run with one console not reading at all: the others' rate must not drop.
 *
 *   npx tsx bench/fanout.ts            # 1,000 sockets, 1,000 frames, three runs of each side
 *   npx tsx bench/fanout.ts --short    # 200 sockets, 300 frames, one run
 */
import { LIVE_FRAME_TYPE, type LiftCloudClient as Client } from '@liftcloud/client';
import { LiftCloudClient, MemorySessionStore } from '@liftcloud/client';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../packages/server/src/app.js';
import { openStore } from '../packages/server/src/db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/seed/demo.js';
import { round } from './lib/stats.js';

const short = process.argv.includes('--short');
const SOCKETS = short ? 200 : 1000;
const FRAMES = short ? 300 : 1000;
const RUNS = short ? 1 : 3;
const BURST = 50;
/** The frame that ends a run: every socket sees one (a tenant-wide event, or the raw broadcast's last frame). */
const END_ID = 999_999_999;

interface SocketSpec {
  url: string;
  hello: string | null;
}
type ToChild = { kind: 'open'; sockets: SocketSpec[]; stalled: number[] } | { kind: 'count' } | { kind: 'close' };
type FromChild =
  | { kind: 'opened' }
  | { kind: 'counting' }
  | { kind: 'done'; deliveries: number; minPerSocket: number; maxPerSocket: number }
  | { kind: 'closed' };

/** The consoles' side: opens the sockets, counts and parses frames, reports when every reading socket saw END. */
function clientsRole() {
  let sockets: WebSocket[] = [];
  let counts: number[] = [];
  let ended = new Set<number>();
  let reading = 0;
  const send = (m: FromChild) => process.send!(m);
  let stalled = new Set<number>();
  process.on('message', (m: ToChild) => {
    if (m.kind === 'open') {
      stalled = new Set(m.stalled);
      reading = m.sockets.length - stalled.size;
      counts = m.sockets.map(() => 0);
      let open = 0;
      sockets = m.sockets.map((spec, i) => {
        const ws = new WebSocket(spec.url);
        ws.on('message', (raw) => {
          const frame = JSON.parse(String(raw)) as { data: { elevatorId: number } };
          counts[i]!++;
          if (frame.data.elevatorId === END_ID && !stalled.has(i)) {
            ended.add(i);
            if (ended.size === reading) {
              const live = counts.filter((_, k) => !stalled.has(k));
              send({
                kind: 'done',
                deliveries: live.reduce((a, b) => a + b, 0),
                minPerSocket: Math.min(...live),
                maxPerSocket: Math.max(...live),
              });
            }
          }
        });
        ws.on('error', (err) => {
          console.error(`socket ${i}: ${err.message}`);
          process.exit(1);
        });
        ws.once('open', () => {
          if (spec.hello) ws.send(spec.hello);
          if (stalled.has(i)) ws.pause();
          if (++open === m.sockets.length) send({ kind: 'opened' });
        });
        return ws;
      });
    } else if (m.kind === 'count') {
      counts = counts.map(() => 0);
      ended = new Set();
      send({ kind: 'counting' });
    } else {
      for (const ws of sockets) ws.terminate();
      send({ kind: 'closed' });
      process.exit(0);
    }
  });
}

function startClients() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: process.execArgv });
  const waitFor = (until: FromChild['kind']) =>
    new Promise<FromChild>((resolve) => {
      const on = (r: FromChild) => {
        if (r.kind !== until) return;
        child.off('message', on);
        resolve(r);
      };
      child.on('message', on);
    });
  const ask = (m: ToChild, until: FromChild['kind']) => {
    const answer = waitFor(until);
    child.send(m);
    return answer;
  };
  return { child, ask, waitFor };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A status frame's payload, as the ingest would publish it. */
const statusData = (i: number) => ({
  dtu: `8610000${String(i % 1000).padStart(4, '0')}`,
  elevatorId: i,
  elevatorName: `Lift ${i % 1000}`,
  floor: 1 + (i % 30),
  direction: i % 3,
  door: i % 2,
  run: 1,
  flags: [] as string[],
});

interface Run {
  ms: number;
  deliveries: number;
  perSecond: number;
  minPerSocket: number;
  maxPerSocket: number;
}

async function timed({ ask, waitFor }: ReturnType<typeof startClients>, publishAll: () => Promise<void>): Promise<Run> {
  // The counters are reset (and acknowledged) before the first frame leaves.
  await ask({ kind: 'count' }, 'counting');
  const t0 = performance.now();
  const done = waitFor('done');
  await publishAll();
  const r = (await done) as Extract<FromChild, { kind: 'done' }>;
  const ms = performance.now() - t0;
  return {
    ms: round(ms),
    deliveries: r.deliveries,
    perSecond: Math.round((r.deliveries / ms) * 1000),
    minPerSocket: r.minPerSocket,
    maxPerSocket: r.maxPerSocket,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const load = [loadavg()[0]!];
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-b4-'));
  const store = openStore({ sqliteFile: join(dir, 'b4.db') });
  const app = await buildApp({
    store,
    loginRatePerMinute: 1000,
    testing: { revealCaptcha: true },
    monitoring: { sweepEveryMs: 3_600_000 },
  });
  const demo = (await seedDemo(store))!;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  // Five consoles' users: the demo tenant's administrator (every organisation), a maintenance company's admin
  // (its subtree), its branch engineer, a property company's staff, and another tenant's administrator.
  const users = ['admin', 'companyadmin', 'companyuser', 'general', 'coastaladmin'];
  const sessions: { token: string; hello: string }[] = [];
  for (const username of users) {
    const session = new MemorySessionStore();
    const client: Client = new LiftCloudClient({ baseUrl: `${address}/api`, session });
    const captcha = (await client.auth.captcha()) as { key: string; answer: string };
    await client.auth.login({
      username,
      password: DEMO_PASSWORD,
      captchaKey: captcha.key,
      captchaCode: captcha.answer,
    });
    const s = session.get()!;
    sessions.push({ token: s.token, hello: `${s.username}-${s.orgId}` });
  }
  const wsBase = address.replace('http', 'ws');
  const hubSockets: SocketSpec[] = Array.from({ length: SOCKETS }, (_, i) => {
    const s = sessions[i % sessions.length]!;
    return { url: `${wsBase}/api/ws?token=${encodeURIComponent(s.token)}`, hello: s.hello };
  });

  // Who each frame is for: four in five the demo tenant (one organisation each, round the companies), one in
  // five the other tenant; the end frame goes to every organisation of both.
  const companiesOf = async (tenantId: number) =>
    (await store.db.selectFrom('companies').select('id').where('tenantId', '=', tenantId).execute()).map((r) => r.id);
  const demoOrgs = await companiesOf(demo.tenants.demo);
  const coastalOrgs = await companiesOf(demo.tenants.coastal);
  const audienceOf = (i: number) =>
    i % 5 === 4
      ? { tenantId: demo.tenants.coastal, orgIds: [coastalOrgs[i % coastalOrgs.length]!], elevatorId: i }
      : { tenantId: demo.tenants.demo, orgIds: [demoOrgs[i % demoOrgs.length]!], elevatorId: i };

  const publishHub = async () => {
    for (let i = 1; i <= FRAMES; i++) {
      await app.monitoring.live.publish('status', audienceOf(i), statusData(i));
      if (i % BURST === 0) await turn();
    }
    for (const [tenantId, orgIds] of [
      [demo.tenants.demo, demoOrgs],
      [demo.tenants.coastal, coastalOrgs],
    ] as const)
      await app.monitoring.live.publish('status', { tenantId, orgIds, elevatorId: END_ID }, statusData(END_ID));
  };

  // The bare broadcast: the same frame strings the hub sends, to every socket.
  const raw = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => raw.once('listening', r));
  const rawUrl = `ws://127.0.0.1:${(raw.address() as { port: number }).port}`;
  raw.on('connection', (ws) => ws.on('message', () => undefined));
  const frameOf = (i: number) => JSON.stringify({ type: LIVE_FRAME_TYPE.status, event: 'status', data: statusData(i) });
  const publishRaw = async () => {
    for (let i = 1; i <= FRAMES + 1; i++) {
      const frame = frameOf(i > FRAMES ? END_ID : i);
      for (const ws of raw.clients) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
      if (i % BURST === 0) await turn();
    }
  };

  const runs: { raw: Run[]; hub: Run[]; hubOneStalled: Run[] } = { raw: [], hub: [], hubOneStalled: [] };
  const phase = async (sockets: SocketSpec[], stalled: number[], publish: () => Promise<void>, into: Run[]) => {
    const clients = startClients();
    await clients.ask({ kind: 'open', sockets, stalled }, 'opened');
    for (let r = 0; r < RUNS; r++) into.push(await timed(clients, publish));
    await clients.ask({ kind: 'close' }, 'closed');
  };
  await phase(
    Array.from({ length: SOCKETS }, () => ({ url: rawUrl, hello: null })),
    [],
    publishRaw,
    runs.raw,
  );
  await phase(hubSockets, [], publishHub, runs.hub);
  // The stalled console is the demo administrator's (it may see four frames in five).
  await phase(hubSockets, [0], publishHub, runs.hubOneStalled);
  load.push(loadavg()[0]!);

  const rate = (xs: Run[]) => median(xs.map((r) => r.perSecond));
  const result = {
    date: new Date().toISOString().slice(0, 10),
    sockets: SOCKETS,
    frames: FRAMES,
    runs: RUNS,
    loadAverage: load.map((l) => round(l, 1)),
    rawBroadcast: { medianPerSecond: rate(runs.raw), runs: runs.raw },
    hub: { medianPerSecond: rate(runs.hub), runs: runs.hub },
    hubOneStalled: {
      medianPerSecond: rate(runs.hubOneStalled),
      runs: runs.hubOneStalled,
      overflowClosed: app.monitoring.hub.overflowed(),
    },
    ratioToRaw: round(rate(runs.hub) / rate(runs.raw)),
    stalledToHealthy: round(rate(runs.hubOneStalled) / rate(runs.hub)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short) writeFileSync(new URL('./results/fanout.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);

  await new Promise((r) => raw.close(r));
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

if (process.argv.includes('--clients')) clientsRole();
else
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
