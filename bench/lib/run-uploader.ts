/**
 * The run gateways of bench/eocd-ingest.ts, in a process of their own as real gateways are: connects every
 * gateway it is given, answers `ready`, and on `go` uploads each gateway's runs (QoS 1, all gateways at once),
 * then answers `done` with the milliseconds the uploads took. Started by the bench with fork().
 */
import { upTopic } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';

export interface UploaderSetup {
  url: string;
  gateways: { dtu: string; secret: string }[];
  runsEach: number;
  rate: number;
  scale: number;
  /** Packed runs (packSamples), handed out in turn. */
  packed: string[];
}

export type UploaderReply = { ready: true } | { done: true; ms: number };

const send = (m: UploaderReply) => process.send!(m);

let setup: UploaderSetup | undefined;
let clients: MqttClient[] = [];

process.on('message', (m: { setup?: UploaderSetup; go?: true; close?: true }) => {
  void (async () => {
    if (m.setup) {
      setup = m.setup;
      clients = await Promise.all(
        setup.gateways.map((g) =>
          mqtt.connectAsync(setup!.url, { username: g.dtu, password: g.secret, clientId: `b1-${g.dtu}` }),
        ),
      );
      send({ ready: true });
    } else if (m.go && setup) {
      const s = setup;
      const t0 = performance.now();
      let n = 0;
      await Promise.all(
        clients.map(async (c, gi) => {
          for (let k = 0; k < s.runsEach; k++) {
            const payload = `{"id":"r${n++}","ts":${Date.now()},"rate":${s.rate},"scale":${s.scale},"samples":"${s.packed[(gi + k) % s.packed.length]}"}`;
            await c.publishAsync(upTopic(s.gateways[gi]!.dtu, 'vibration'), payload, { qos: 1 });
          }
        }),
      );
      send({ done: true, ms: performance.now() - t0 });
    } else if (m.close) {
      await Promise.all(clients.map((c) => c.endAsync()));
      process.exit(0);
    }
  })();
});
