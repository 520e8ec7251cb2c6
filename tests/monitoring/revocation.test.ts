import {
  LIVE_CLOSE_CODE,
  issueGatewayCredentials,
  setGatewaysBlacklisted,
  upTopic,
  type LiftCloudClient,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../packages/server/src/app.js';
import { natsBus } from '../../packages/server/src/monitoring/nats-bus.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const NATS = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

interface Socket {
  frames: { event: string }[];
  /** The close code and reason, once the server closed it. */
  closed: Promise<{ code: number; reason: string }>;
  isOpen(): boolean;
  end(): void;
}

/** A live-channel socket opened with a token against one instance, the hello sent. */
async function openSocket(baseUrl: string, token: string, hello: string): Promise<Socket> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(token)}`);
  const frames: { event: string }[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as { event: string }));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(hello);
  return { frames, closed, isOpen: () => ws.readyState === ws.OPEN, end: () => ws.close() };
}

/** A socket of a logged-in client's session. */
const socketOf = (baseUrl: string, client: LiftCloudClient) => {
  const session = client.session.get()!;
  return openSocket(baseUrl, session.token, `${session.username}-${session.orgId}`);
};

let n = 0;
const message = (body: Record<string, unknown>) => JSON.stringify({ id: `r${++n}`, ts: Date.now(), ...body });

/**
 * Issue 12, "Revocation reaches everything already open": the request is handled by instance `a`, the socket
 * or the gateway is connected to instance `b`. On PostgreSQL they are two app instances sharing the store and a
 * NATS bus (the scaled path); on SQLite, one instance (a and b are the same).
 */
describe.each(DIALECTS)('revocation reaches open sockets and gateways (%s)', (dialect) => {
  let s: TestServer;
  let other: FastifyInstance | null = null;
  /** The instance holding the sockets and gateway connections (requests go to `s`, through `admin`). */
  let b: { baseUrl: string; mqttUrl: string };
  let admin: LiftCloudClient;
  let gw: TestGateway;

  beforeAll(async () => {
    const subject = `liftcloud.test.revoke.${process.pid}.${Date.now()}`;
    const scaled = dialect === 'postgres';
    s = await startTestServer({
      dialect,
      app: scaled
        ? {
            monitoring: {
              mqttPort: 0,
              mqttHost: '127.0.0.1',
              bus: await natsBus(NATS, subject),
              sweepEveryMs: 3_600_000,
            },
          }
        : {},
    });
    b = { baseUrl: s.baseUrl, mqttUrl: s.mqttUrl };
    if (scaled) {
      other = await buildApp({
        store: s.store,
        monitoring: { mqttPort: 0, mqttHost: '127.0.0.1', bus: await natsBus(NATS, subject), sweepEveryMs: 3_600_000 },
        jobs: { timer: false, instanceId: 'second' },
        loginRatePerMinute: 10_000,
        testing: { revealCaptcha: true },
      });
      const baseUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      b = { baseUrl, mqttUrl: `mqtt://127.0.0.1:${other.monitoring.broker!.port}` };
    }
    admin = await s.login('admin');
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86700000001' : '86700000002');
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  it('a logout closes the session’s socket on the other instance with the revoked code', async () => {
    const user = await s.login('qaadmin');
    const socket = await socketOf(b.baseUrl, user);
    await user.auth.logout();
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'loggedOut' });
  });

  it('an admin lock closes the user’s sockets, and only theirs', async () => {
    const user = await s.login('companyuser');
    const bystander = await s.login('companyadmin');
    const socket = await socketOf(b.baseUrl, user);
    const kept = await socketOf(b.baseUrl, bystander);
    await admin.users.setLocked(s.demo.users.companyuser!, true);
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'locked' });
    expect(kept.isOpen()).toBe(true);
    await admin.users.setLocked(s.demo.users.companyuser!, false);
    kept.end();
  });

  it('a password reset closes the user’s socket', async () => {
    const user = await s.login('general');
    const socket = await socketOf(b.baseUrl, user);
    await admin.users.resetPassword(s.demo.users.general!);
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'passwordReset' });
  });

  it('revoking an access token closes the socket opened with it', async () => {
    const { id, token } = await admin.tokens.create('live-revoke');
    const socket = await openSocket(b.baseUrl, token, 'admin-' + String(admin.session.get()!.orgId));
    await admin.tokens.revoke(id);
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'tokenRevoked' });
  });

  it('a role change closes the socket of the user whose rights changed; the others keep receiving frames', async () => {
    const viewer = s.demo.roles.viewer!;
    const members = (await admin.roles.users(viewer)).selected.map((u) => u.id);
    const changed = await s.login('qauser');
    const unchanged = await s.login('platform');
    const socket = await socketOf(b.baseUrl, changed);
    const kept = await socketOf(b.baseUrl, unchanged);
    await admin.roles.assignUsers(
      viewer,
      members.filter((id) => id !== s.demo.users.qauser),
    );
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'rightsChanged' });
    // the platform user's rights did not change: its socket still carries alarms
    const device = await connectGateway(b.mqttUrl, gw);
    await publishQos1(device, upTopic(gw.dtu, 'alarm'), message({ type: 2 }));
    await expect.poll(() => kept.frames.some((f) => f.event === 'alarm')).toBe(true);
    expect(kept.isOpen()).toBe(true);
    device.end(true);
    kept.end();
    await admin.roles.assignUsers(viewer, members);
  });

  it('a password change closes the user’s other sessions’ sockets, not the one that changed it', async () => {
    const elsewhere = await s.login('coastaladmin');
    const here = await s.login('coastaladmin');
    const closed = await socketOf(b.baseUrl, elsewhere);
    const kept = await socketOf(b.baseUrl, here);
    await here.auth.changePassword({
      oldPassword: 'LiftDemo2026',
      newPassword: 'Changed2026',
      confirmPassword: 'Changed2026',
    });
    expect(await closed.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'passwordChanged' });
    // the same check has run for the kept socket: it is still open once the other closed
    expect(kept.isOpen()).toBe(true);
    kept.end();
    await here.auth.changePassword({
      oldPassword: 'Changed2026',
      newPassword: 'LiftDemo2026',
      confirmPassword: 'LiftDemo2026',
    });
  });

  it('editing a role’s permissions closes its members’ sockets (every socket checked), not the others', async () => {
    // 403 (single monitor) is a right qaadmin holds through this role alone (the Viewer role has 110 already)
    const role = await admin.entities.role.save({ name: `Watchers ${dialect}`, permissions: [110, 403] });
    const member = await s.login('qaadmin');
    await admin.roles.assignUsers(role.id, [s.demo.users.qaadmin!]);
    const memberSocket = await socketOf(b.baseUrl, member);
    const other = await s.login('platform');
    const otherSocket = await socketOf(b.baseUrl, other);
    const stored = await admin.entities.role.get(role.id);
    await admin.entities.role.save({ id: role.id, revision: stored.revision, permissions: [110] });
    expect(await memberSocket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'rightsChanged' });
    // the platform user's socket was checked by the same sweep and kept: an alarm still reaches it
    const device = await connectGateway(b.mqttUrl, gw);
    await publishQos1(device, upTopic(gw.dtu, 'alarm'), message({ type: 2 }));
    await expect.poll(() => otherSocket.frames.some((f) => f.event === 'alarm')).toBe(true);
    expect(otherSocket.isOpen()).toBe(true);
    device.end(true);
    otherSocket.end();
    await admin.roles.assignUsers(role.id, []);
  });

  it('freezing a tenant closes its users’ sockets (every socket checked)', async () => {
    const root = await s.login('superAdmin');
    const user = await s.login('coastaladmin');
    const socket = await socketOf(b.baseUrl, user);
    const tenant = await root.entities.tenant.get(s.demo.tenants.coastal);
    await root.entities.tenant.save({ id: tenant.id, revision: tenant.revision, status: 2 });
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'tenantFrozen' });
    const frozen = await root.entities.tenant.get(s.demo.tenants.coastal);
    await root.entities.tenant.save({ id: frozen.id, revision: frozen.revision, status: 1 });
  });

  it('reissuing a gateway’s secret drops its open MQTT connection at once, and the old secret is refused', async () => {
    const device = await connectGateway(b.mqttUrl, gw);
    const dropped = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const { secret } = await admin.call(issueGatewayCredentials, { params: { id: gw.gatewayId } });
    await dropped;
    await expect(connectGateway(b.mqttUrl, gw)).rejects.toThrow();
    gw = { ...gw, secret };
    (await connectGateway(b.mqttUrl, gw)).end(true);
  });

  it('blacklisting a gateway stores none of its messages once the API answered, and drops it', async () => {
    const gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86700000011' : '86700000012');
    const device = await connectGateway(b.mqttUrl, gw);
    const db = s.store.db as unknown as Kysely<LooseDB>;
    const stored = async () =>
      Number(
        (
          await db
            .selectFrom('eventRecords')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('dtuCode', '=', gw.dtu)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // the gateway reports without pause, each message acknowledged once stored
    let answered = false;
    let ackedAfter = 0;
    const reporting = (async (client: MqttClient) => {
      for (;;) {
        try {
          await publishQos1(client, upTopic(gw.dtu, 'event'), message({ kind: 'run' }));
        } catch {
          return 'cut off';
        }
        if (answered && ++ackedAfter >= 30) return 'still reporting';
        if (client.disconnected) return 'cut off';
      }
    })(device);
    await expect.poll(stored).toBeGreaterThan(3);
    await admin.call(setGatewaysBlacklisted, { body: { ids: [gw.gatewayId], black: true } });
    answered = true;
    const atAnswer = await stored();
    const dropped = device.connected
      ? new Promise<void>((resolve) => device.once('close', () => resolve()))
      : Promise.resolve();
    const outcome = await Promise.race([reporting, dropped.then(() => 'cut off')]);
    expect(outcome).toBe('cut off');
    await dropped;
    expect(await stored()).toBe(atAnswer);
    await expect(connectGateway(b.mqttUrl, gw)).rejects.toThrow();
    device.end(true);
    await admin.call(setGatewaysBlacklisted, { body: { ids: [gw.gatewayId], black: false } });
  });

  it('the periodic check closes a socket whose session expired (and any a revocation missed)', async () => {
    const user = await s.login('qaadmin');
    const socket = await socketOf(b.baseUrl, user);
    // the newest session is the one this login opened
    const { id: sessionId } = await s.store.db
      .selectFrom('sessions')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await s.store.db.updateTable('sessions').set({ expireTime: 1 }).where('id', '=', sessionId).execute();
    // nothing was revoked through the API: only the sweep of the instance holding the socket notices
    await (other ?? s.app).monitoring.hub.sweep();
    expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODE.revoked, reason: 'sessionEnded' });
  });
});
