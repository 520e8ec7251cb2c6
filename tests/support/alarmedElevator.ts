import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import { tokenOf, type TestServer } from './server.js';

export interface AlarmedElevator {
  elevatorId: number;
  dtu: string;
  /** The gateway's MQTT connection; end it when done. */
  device: MqttClient;
  /** Publish a trapped-passenger alarm; the work order is stored before this resolves (QoS 1). */
  alarm(id: string): Promise<void>;
}

const json = { 'content-type': 'application/json' };

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
  const lift = await admin.entities.elevator.save({
    name: 'Harbour Tower A',
    factoryNo: `F${dtu}`,
    elevatorType: 1,
    useStatus: 1,
    address: '88 Harbour Road',
    useUnitId: unit.id,
    maintenanceCompanyId: s.demo.companies.maintenance,
  });
  const gw = await admin.entities.gatewayDevice.save({ dtuCode: dtu });
  const token = tokenOf(admin);
  await s.fetch(`gatewayDevices/${gw.id}/bind`, {
    method: 'PUT',
    token,
    headers: json,
    body: JSON.stringify({ elevatorId: lift.id }),
  });
  const cred = await s.fetch(`gatewayDevices/${gw.id}/credentials`, {
    method: 'POST',
    token,
    headers: json,
    body: '{}',
  });
  const secret = (cred.body.data as { secret: string }).secret;
  const device = await new Promise<MqttClient>((resolve, reject) => {
    const c = mqtt.connect(s.mqttUrl, { username: dtu, password: secret, clientId: `gw-${dtu}`, reconnectPeriod: 0 });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
  const alarm = (id: string) =>
    new Promise<void>((resolve, reject) =>
      device.publish(
        upTopic(dtu, 'alarm'),
        JSON.stringify({ id, ts: Date.now(), type: 1, floor: 5 }),
        { qos: 1 },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  return { elevatorId: lift.id, dtu, device, alarm };
}
