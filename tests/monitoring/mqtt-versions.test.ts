import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionGateway, type TestGateway } from '../support/gateway.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PROTOCOL_DOC = new URL('../../docs/gateway-protocol.md', import.meta.url);
const VERSIONS = { '3.1': 3, '3.1.1': 4, '5': 5 } as const;

/** Connect as the gateway with one MQTT version: the CONNACK's verdict. */
function tryVersion(url: string, gw: TestGateway, protocolVersion: 3 | 4 | 5): Promise<string> {
  return new Promise((resolve) => {
    const c = mqtt.connect(url, {
      username: gw.dtu,
      password: gw.secret,
      protocolVersion,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    c.once('connect', () => {
      c.end(true);
      resolve('accepted');
    });
    c.once('error', (err) => {
      c.end(true);
      resolve(`refused: ${err.message}`);
    });
  });
}

// The broker keeps no state of its own in the store: one dialect is enough.
describe('the MQTT versions the embedded broker speaks', () => {
  let s: TestServer;
  let gw: TestGateway;
  beforeAll(async () => {
    s = await startTestServer();
    gw = await provisionGateway(s, await s.login('admin'), '86200000555');
  });
  afterAll(async () => s?.close());

  it('are the ones the gateway protocol document names, and MQTT 5 is refused as it says', async () => {
    const doc = readFileSync(PROTOCOL_DOC, 'utf8');
    const named = /The embedded broker speaks MQTT ([0-9.]+(?: and [0-9.]+)*)\./.exec(doc)?.[1]?.split(' and ');
    expect(named).toBeDefined();
    for (const [version, protocolVersion] of Object.entries(VERSIONS)) {
      const verdict = await tryVersion(s.mqttUrl, gw, protocolVersion);
      if (named!.includes(version)) expect(verdict, `MQTT ${version}`).toBe('accepted');
      else expect(verdict, `MQTT ${version}`).toMatch(/refused: .*unacceptable protocol version/i);
    }
    expect(named).not.toContain('5');
    expect(doc).toContain('MQTT 5 gateways connect to Mosquitto');
  });
});
