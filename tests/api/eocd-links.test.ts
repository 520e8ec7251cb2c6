import {
  createEocdElevatorShareLink,
  createEocdRunShareLink,
  getSharedEocdElevator,
  getSharedEocdRun,
  packSamples,
  upTopic,
  type LiftCloudClient,
} from '@liftcloud/client';
import { SIM_SAMPLE_SCALE, simulateRide } from '@liftcloud/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** The id and query of a signed path: `/eocdOperate?run=7&sig=…&exp=…`. */
const parts = (path: string, idKey: string) => {
  const url = new URL(path, 'http://console');
  return {
    page: url.pathname,
    id: url.searchParams.get(idKey)!,
    sig: url.searchParams.get('sig')!,
    exp: url.searchParams.get('exp')!,
  };
};

describe.each(DIALECTS)('/eocdOperate and /eocdPrivate signed links on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let anonymous: LiftCloudClient;
  let gw: TestGateway;
  let device: MqttClient;
  const runIds: number[] = [];

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    anonymous = s.anonymous();
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000101' : '86100000102', { ratedSpeed: 1.75 });
    device = await connectGateway(s.mqttUrl, gw);
    for (const [i, fault] of (['none', 'wornRail'] as const).entries()) {
      let seed = 11 + i;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      const ride = simulateRide({ fault, distance: 20, random });
      const body = {
        id: `lk${i}`,
        ts: Date.now() - 1000 * (2 - i),
        rate: ride.rate,
        scale: SIM_SAMPLE_SCALE,
        samples: packSamples(ride, SIM_SAMPLE_SCALE),
      };
      await publishQos1(device, upTopic(gw.dtu, 'vibration'), JSON.stringify(body));
    }
    const runs = await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId });
    runIds.push(...runs.records.map((r) => r.id).sort((a, b) => a - b));
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
  });

  it('a run’s link opens its metrics, limits and samples without a login', async () => {
    const link = await admin.call(createEocdRunShareLink, { params: { id: runIds[1]! }, body: { expiresInHours: 2 } });
    const p = parts(link.path, 'run');
    expect(p.page).toBe('/eocdOperate');
    expect(p.id).toBe(String(runIds[1]));
    expect(p.sig.length).toBeGreaterThanOrEqual(43); // 256 bits: unguessable
    const run = await anonymous.call(getSharedEocdRun, { params: { id: p.id }, query: { sig: p.sig, exp: p.exp } });
    expect(run).toMatchObject({ elevatorName: `Lift ${gw.dtu}`, overLimit: true, sampleRate: 256 });
    expect(run.isoHorizontalA95).toBeGreaterThan(0);
    expect(run.limits?.isoHorizontalA95).toBeGreaterThan(0);
    expect(run.samples?.samples.length).toBeGreaterThan(1000);
    expect(JSON.stringify(run)).not.toContain(`"elevatorId"`);

    const elevatorLink = await admin.call(createEocdElevatorShareLink, { params: { id: gw.elevatorId }, body: {} });
    const e = parts(elevatorLink.path, 'elevator');
    expect(e.page).toBe('/eocdPrivate');
    const page = await anonymous.call(getSharedEocdElevator, {
      params: { id: e.id },
      query: { sig: e.sig, exp: e.exp },
    });
    expect(page.runs.map((r) => r.overLimit)).toEqual([true, false]);
    expect(page.ratedSpeed).toBe(1.75);
  });

  it('a tampered, other-record, other-kind, expired or missing signature gets the same 404', async () => {
    const link = await admin.call(createEocdRunShareLink, { params: { id: runIds[1]! }, body: {} });
    const p = parts(link.path, 'run');
    const elevatorLink = parts(
      (await admin.call(createEocdElevatorShareLink, { params: { id: gw.elevatorId }, body: {} })).path,
      'elevator',
    );
    const flip = (sig: string) => (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const refused = [
      // tampered signature
      failure(anonymous.call(getSharedEocdRun, { params: { id: p.id }, query: { sig: flip(p.sig), exp: p.exp } })),
      // the signature of another run
      failure(
        anonymous.call(getSharedEocdRun, { params: { id: String(runIds[0]) }, query: { sig: p.sig, exp: p.exp } }),
      ),
      // a later expiry than the one signed
      failure(
        anonymous.call(getSharedEocdRun, {
          params: { id: p.id },
          query: { sig: p.sig, exp: String(Number(p.exp) + 3600) },
        }),
      ),
      // no signature, a malformed id
      failure(anonymous.call(getSharedEocdRun, { params: { id: p.id }, query: {} })),
      failure(anonymous.call(getSharedEocdRun, { params: { id: 'abc' }, query: { sig: p.sig, exp: p.exp } })),
      // an elevator link used as a run link (same id space), and a run link as an elevator link
      failure(
        anonymous.call(getSharedEocdRun, {
          params: { id: elevatorLink.id },
          query: { sig: elevatorLink.sig, exp: elevatorLink.exp },
        }),
      ),
      failure(anonymous.call(getSharedEocdElevator, { params: { id: p.id }, query: { sig: p.sig, exp: p.exp } })),
      // an elevator link for another elevator
      failure(
        anonymous.call(getSharedEocdElevator, {
          params: { id: String(gw.elevatorId + 1) },
          query: { sig: elevatorLink.sig, exp: elevatorLink.exp },
        }),
      ),
    ];
    const answers = await Promise.all(refused);
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.message).toBe(answers[0]!.message);
      expect(a.code).toBe(answers[0]!.code);
    }
    expect(answers[0]!.message).toBe('This link is invalid or has expired: ask for a new one');
  });

  it('only someone who may read the record mints a link: another tenant gets 404', async () => {
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.call(createEocdRunShareLink, { params: { id: runIds[0]! }, body: {} }))).status).toBe(
      404,
    );
    expect(
      (await failure(coastal.call(createEocdElevatorShareLink, { params: { id: gw.elevatorId }, body: {} }))).status,
    ).toBe(404);
    expect(
      (await failure(anonymous.call(createEocdRunShareLink, { params: { id: runIds[0]! }, body: {} }))).status,
    ).toBe(401);
  });
});
