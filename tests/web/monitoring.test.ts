import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { upTopic } from '@liftcloud/client';
import {
  chromiumMissing,
  liveOpen,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

const publish = (c: MqttClient, topic: string, payload: object) => publishQos1(c, topic, JSON.stringify(payload));

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'monitoring screens',
  { timeout: BROWSER_TEST_TIMEOUT * 3 },
  () => {
    let fx: ConsoleFixture;
    let device: MqttClient | undefined;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => {
      device?.end(true);
      await fx?.close();
    });

    it('shows a live state and alarm on the single monitor, the repair notice, and takes the order to confirmed', async () => {
      const admin = await fx.server.login('admin');
      const dtu = '86155500001';
      const gateway = await provisionGateway(fx.server, admin, dtu, { name: 'Live Lift', factoryNo: 'LL-1' });
      const lift = { id: gateway.elevatorId };
      device = await connectGateway(fx.server.mqttUrl, gateway);

      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: `/singleMonitor/${lift.id}` });
      const tile = page.getByTestId(`elevator-tile-${lift.id}`);
      await tile.waitFor();
      await liveOpen(page);
      const now = Date.now();
      await publish(device, upTopic(dtu, 'status'), {
        id: 's-1',
        ts: now,
        floor: 7,
        direction: 1,
        door: 0,
        run: 1,
        flags: [9],
      });
      await expect.poll(() => tile.getAttribute('data-floor'), { timeout: 20_000 }).toBe('7');
      // the repair orders list open beside it: its repair polls have answered (what they found is history), so
      // the order the alarm raises is announced there
      const orders = await context.newPage();
      let answers = 0;
      orders.on('response', (r) => {
        if (new URL(r.url()).pathname === '/api/workOrders/web' && r.ok()) answers++;
      });
      await orders.goto(`${fx.base}/workOrder`);
      await expect.poll(() => answers, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      await publish(device, upTopic(dtu, 'alarm'), { id: 'a-1', ts: now + 1, type: 1, floor: 7 });
      await tile.getByTestId('live-alarm').waitFor({ timeout: 20_000 });
      await fx.shot(page, 'single-monitor-alarm-en-US');

      await orders.locator('.ant-notification').getByText('Live Lift').first().waitFor({ timeout: 30_000 });
      await fx.shot(orders, 'repair-notice-en-US');
      const order = (await admin.entities.workOrder.list({ elevatorId: lift.id })).records[0]!;
      expect(order.recordState).toBe(0);

      await page.goto(`${fx.base}/workOrder/${order.id}`);
      const state = page.getByTestId('work-order-state');
      await expect.poll(() => state.innerText()).toBe('Alarm reported');
      await page.getByTestId('action-receive').click();
      await expect.poll(() => state.innerText()).toBe('Received');
      await page.getByTestId('action-arrive').click();
      await expect.poll(() => state.innerText()).toBe('On site');
      await page.getByTestId('action-finish').click();
      await page.getByTestId('form-finish').locator('#handling').fill('Released the passengers, reset the controller');
      await page.getByTestId('form-finish').locator('#faultReason').fill('Door lock contact');
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => state.innerText()).toBe('Completed');
      await page.getByTestId('action-confirm').click();
      await expect.poll(() => state.innerText()).toBe('Confirmed');
      await expect
        .poll(() => page.getByTestId('work-order-timeline').locator('.ant-timeline-item').count())
        .toBeGreaterThanOrEqual(4);
      await page.evaluate(() => window.scrollTo(0, 0));
      await fx.shot(page, 'work-order-confirmed-en-US');

      // a new alarm opens a new order; cancelling it needs a reason
      await publish(device, upTopic(dtu, 'alarm'), { id: 'a-2', ts: Date.now(), type: 2, floor: 3 });
      await expect
        .poll(async () => (await admin.entities.workOrder.list({ elevatorId: lift.id, recordState: 0 })).total, {
          timeout: 20_000,
        })
        .toBe(1);
      const second = (await admin.entities.workOrder.list({ elevatorId: lift.id, recordState: 0 })).records[0]!;
      await page.goto(`${fx.base}/workOrder/${second.id}`);
      await expect.poll(() => state.innerText()).toBe('Alarm reported');
      await page.getByTestId('action-cancel').click();
      const cancel = page.getByTestId('form-cancel');
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
      await cancel.locator('.ant-form-item-explain-error').waitFor();
      await cancel.locator('#reason').fill('False alarm: children pressed the bell');
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => state.innerText()).toBe('Cancelled');
      expect(await page.getByTestId('work-order-actions').locator('button').count()).toBe(0);
      // the public H5 address shows the order read-only to a signed-in reader
      await page.goto(`${fx.base}/h5workOrder/${second.id}`);
      await expect.poll(() => state.innerText()).toBe('Cancelled');
      expect(await page.getByTestId('work-order-actions').count()).toBe(0);
      await context.close();
    });
  },
);
