import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { connectGateway, provisionGateway, publishQos1 } from './gateway.js';
import type { TestServer } from './server.js';

export interface AlarmedElevator {
  elevatorId: number;
  dtu: string;
  /** The gateway's MQTT connection; end it when done. */
  device: MqttClient;
  /** Publish a trapped-passenger alarm; the work order is stored before this resolves (QoS 1). */
  alarm(id: string): Promise<void>;
}

/**
 * An elevator in a building with a site contact, its gateway bound and connected, made through the API and
 * the broker as an operator and a gateway would: alarms on it open real work orders.
 */
export async function alarmedElevator(s: TestServer, admin: LiftCloudClient, dtu: string): Promise<AlarmedElevator> {
  const unit = await admin.entities.useUnit.save({
    name: 'Harbour Tower',
    region: 'Harbour',
    longitude: 114.1,
    latitude: 22.3,
    owner: 'Tower Owner',
    contact: 'Ms Site Keeper',
    contactPhone: '13900000001',
  });
  const gateway = await provisionGateway(s, admin, dtu, { name: 'Harbour Tower A', useUnitId: unit.id });
  const device = await connectGateway(s.mqttUrl, gateway);
  const alarm = (id: string) =>
    publishQos1(device, upTopic(dtu, 'alarm'), JSON.stringify({ id, ts: Date.now(), type: 1, floor: 5 }));
  return { elevatorId: gateway.elevatorId, dtu, device, alarm };
}
