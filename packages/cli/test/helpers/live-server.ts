import { upTopic } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';

export {
  connectGateway,
  provisionGateway as provision,
  type TestGateway as Gateway,
} from '../../../../tests/support/gateway.js';

let n = 0;
/** Publish one up message with QoS 1: resolved once the platform stored it. */
export async function publish(
  c: MqttClient,
  dtu: string,
  kind: 'alarm' | 'status' | 'heartbeat' | 'fault',
  body: Record<string, unknown>,
): Promise<void> {
  const payload = JSON.stringify({ id: `cli-${Date.now()}-${++n}`, ts: Date.now(), ...body });
  await c.publishAsync(upTopic(dtu, kind), payload, { qos: 1 });
}

export const waitFor = async (check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};
