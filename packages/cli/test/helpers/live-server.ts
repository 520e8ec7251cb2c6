import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestServer } from '../../../../tests/support/server.js';

export interface Gateway {
  dtu: string;
  secret: string;
  elevatorId: number;
  gatewayId: number;
}

/** An elevator with a bound gateway and its MQTT secret, made through the API as an operator would. */
export async function provision(s: TestServer, admin: LiftCloudClient, dtu: string): Promise<Gateway> {
  const lift = await admin.entities.elevator.save({
    name: `Lift ${dtu}`,
    factoryNo: `F${dtu}`,
    elevatorType: 1,
    useStatus: 1,
    address: '88 Harbour Road',
    maintenanceCompanyId: s.demo.companies.maintenance,
  });
  const gw = await admin.entities.gatewayDevice.save({ dtuCode: dtu });
  await admin.http.put(`gatewayDevices/${gw.id}/bind`, { elevatorId: lift.id });
  const { secret } = await admin.http.post<{ secret: string }>(`gatewayDevices/${gw.id}/credentials`);
  return { dtu, secret, elevatorId: lift.id, gatewayId: gw.id };
}

export function connectGateway(url: string, gw: Gateway): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    username: gw.dtu,
    password: gw.secret,
    clientId: `t-${gw.dtu}-${Math.random().toString(36).slice(2, 8)}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
}

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
