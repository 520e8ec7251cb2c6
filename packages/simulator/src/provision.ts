import { bindGateway, issueGatewayCredentials, type LiftCloudClient } from '@liftcloud/client';

export interface ProvisionedGateway {
  dtu: string;
  secret: string;
}

/**
 * Make simulated gateways usable on any server through its API (a token with indexes 110 and 9): an elevator
 * and a gateway per DTU number when missing, bound together, and a fresh secret each (the previous stops working).
 */
export async function provisionThroughApi(client: LiftCloudClient, dtus: string[]): Promise<ProvisionedGateway[]> {
  const out: ProvisionedGateway[] = [];
  for (const dtu of dtus) {
    let gw = (await client.entities.gatewayDevice.list({ dtuCode: dtu })).records[0];
    if (!gw) gw = await client.entities.gatewayDevice.save({ dtuCode: dtu });
    if (!gw.elevatorId) {
      const lift = await client.entities.elevator.save({
        name: `Simulated lift ${dtu}`,
        factoryNo: `SIM-${dtu}`,
        elevatorType: 1,
        useStatus: 1,
        floors: 20,
      });
      await client.call(bindGateway, { params: { id: gw.id }, body: { elevatorId: lift.id, replace: true } });
    }
    const { secret } = await client.call(issueGatewayCredentials, { params: { id: gw.id } });
    out.push({ dtu, secret });
  }
  return out;
}
