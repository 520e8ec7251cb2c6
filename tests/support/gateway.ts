import { bindGateway, issueGatewayCredentials, type LiftCloudClient } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import type { TestServer } from './server.js';

export interface TestGateway {
  dtu: string;
  secret: string;
  elevatorId: number;
  gatewayId: number;
}

/**
 * An elevator with a bound gateway and its MQTT secret, made through the API as an operator would;
 * `lift` sets or adds elevator fields (its name, use unit).
 */
export async function provisionGateway(
  s: TestServer,
  admin: LiftCloudClient,
  dtu: string,
  lift: Record<string, unknown> = {},
): Promise<TestGateway> {
  const elevator = await admin.entities.elevator.save({
    name: `Lift ${dtu}`,
    factoryNo: `F${dtu}`,
    elevatorType: 1,
    useStatus: 1,
    address: '88 Harbour Road',
    maintenanceCompanyId: s.demo.companies.maintenance,
    ...lift,
  });
  const gw = await admin.entities.gatewayDevice.save({ dtuCode: dtu });
  await admin.call(bindGateway, { params: { id: gw.id }, body: { elevatorId: elevator.id } });
  const { secret } = await admin.call(issueGatewayCredentials, { params: { id: gw.id } });
  return { dtu, secret, elevatorId: elevator.id, gatewayId: gw.id };
}

/** A real MQTT client logged in as the gateway; no reconnects, so a refusal fails at once. */
export function connectGateway(url: string, gw: Pick<TestGateway, 'dtu' | 'secret'>): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(url, {
      username: gw.dtu,
      password: gw.secret,
      clientId: `t-${gw.dtu}-${Math.random().toString(36).slice(2, 8)}`,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
}

/** Publish with QoS 1: resolves on the PUBACK, which the platform sends only once the message is stored. */
export const publishQos1 = (c: MqttClient, topic: string, payload: string | Buffer) =>
  new Promise<void>((resolve, reject) =>
    c.publish(topic, payload, { qos: 1 }, (err) => (err ? reject(err) : resolve())),
  );
