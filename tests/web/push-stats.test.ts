import { COUNTED_KINDS, upTopic } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_TEST_TIMEOUT,
  chromiumMissing,
  listState,
  startConsole,
  type ConsoleFixture,
} from './support/consoleFixture.js';

const DTU = '86144400001';

const publish = (c: MqttClient, topic: string, payload: object) => publishQos1(c, topic, JSON.stringify(payload));

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'push statistics screens',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    let device: MqttClient | undefined;
    let gatewayId = 0;
    beforeAll(async () => {
      fx = await startConsole();
      // A bound gateway that pushed three state reports and a heartbeat.
      const admin = await fx.server.login('admin');
      const gateway = await provisionGateway(fx.server, admin, DTU, { name: 'Push Lift', factoryNo: 'PL-1' });
      gatewayId = gateway.gatewayId;
      device = await connectGateway(fx.server.mqttUrl, gateway);
      for (let floor = 1; floor <= 3; floor++)
        await publish(device, upTopic(DTU, 'status'), {
          id: `s${floor}`,
          ts: Date.now(),
          floor,
          direction: 1,
          door: 0,
          run: 1,
          flags: [],
        });
      await publish(device, upTopic(DTU, 'heartbeat'), { id: 'h1', ts: Date.now(), signal: -60 });
    });
    afterAll(async () => {
      device?.end(true);
      await fx?.close();
    });

    it('shows the super admin every gateway’s pushes and one gateway’s days in a drawer', async () => {
      // one column per counted kind (3 status reports and 1 heartbeat today), then the total and the dropped
      const sent: Partial<Record<string, number>> = { status: 3, heartbeat: 1 };
      const todayCounts = COUNTED_KINDS.map((kind) => sent[kind] ?? 0);
      const { page, context, errors } = await fx.openAs('superAdmin', { language: 'en-US', path: '/deviceGateway' });
      await listState(page, 'push-stats');
      await expect.poll(() => page.getByTestId(`push-week-${DTU}`).innerText()).toBe('4');
      const row = page.locator('.ant-table-row', { hasText: DTU });
      await expect.poll(() => row.innerText()).toMatch(/Push Lift/);
      expect(await row.innerText()).toMatch(/3 \/ 3/); // status today / 7 days
      expect(await row.innerText()).toMatch(/Online/);
      await fx.shot(page, 'device-gateway-push-stats-en-US');

      await row.click();
      const drawer = page.getByTestId('push-stats-drawer');
      await drawer.getByTestId('push-stats-chart').waitFor();
      const today = drawer.locator('[data-testid="push-stats-days"] .ant-table-row').first();
      await expect
        .poll(() => today.innerText())
        .toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d\\s+${todayCounts.join('\\s+')}\\s+4\\s+0$`));
      await page.mouse.move(1, 790);
      await fx.shot(page, 'device-gateway-drawer-en-US');
      await page.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'detached' });

      // Blacklist from the row: the gateway's record says so afterwards.
      await page.getByTestId(`push-blacklist-${DTU}`).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
      const admin = await fx.server.login('admin');
      await expect.poll(async () => (await admin.entities.gatewayDevice.get(gatewayId)).blackStatus).toBe(true);
      await expect.poll(() => row.innerText()).toMatch(/Remove from blacklist/);

      await page.getByRole('tab', { name: 'Gateway test' }).click();
      await page.getByTestId('push-stats').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    });

    it('opens the same drawer from the gateways page for exactly one chosen gateway', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: `/device?dtuCode=${DTU}` });
      await listState(page, 'list-gatewayDevice');
      await page.getByTestId('push-stats-button').click();
      await page.locator('.ant-message').getByText('choose exactly one gateway device').waitFor();
      await page.locator(`.ant-table-row[data-row-key="${gatewayId}"] .ant-checkbox-input`).check();
      await page.getByTestId('push-stats-button').click();
      const drawer = page.getByTestId('push-stats-drawer');
      await expect.poll(() => drawer.locator('.ant-descriptions').innerText()).toMatch(/Accepted\s+4/);
      await context.close();
    });
  },
);
