import { upTopic } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { vi } from 'vitest';

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

/** Resolves once `check` holds; fails naming `what` after `ms`. */
export const waitFor = async (check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> => {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 25 },
  );
};
