import { upTopic } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, startConsole, BROWSER_TEST_TIMEOUT, type ConsoleFixture } from './support/consoleFixture.js';

const DTU = '86166600001';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'gateway test tab',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    let device: MqttClient | undefined;
    let timer: NodeJS.Timeout | undefined;
    beforeAll(async () => {
      fx = await startConsole({ app: { gatewayTestWindowMs: 1_500 } });
      const admin = await fx.server.login('admin');
      const lift = await admin.entities.elevator.save({
        name: 'Test Lift',
        factoryNo: 'GT-1',
        elevatorType: 1,
        useStatus: 1,
        maintenanceCompanyId: fx.server.demo.companies.maintenance,
      });
      const gw = await admin.entities.gatewayDevice.save({ dtuCode: DTU });
      await admin.http.put(`gatewayDevices/${gw.id}/bind`, { elevatorId: lift.id });
      const { secret } = await admin.http.post<{ secret: string }>(`gatewayDevices/${gw.id}/credentials`);
      device = await mqtt.connectAsync(fx.server.mqttUrl, { username: DTU, password: secret, reconnectPeriod: 0 });
      let n = 0;
      timer = setInterval(() => {
        const body = { id: `w-${++n}`, ts: Date.now(), floor: 2, direction: 0, door: 0, run: 0, flags: [] };
        device?.publish(upTopic(DTU, 'status'), JSON.stringify(body), { qos: 1 });
      }, 200);
    });
    afterAll(async () => {
      clearInterval(timer);
      device?.end(true);
      await fx?.close();
    });

    it('lets the super admin start a one-gateway test on /deviceGateway and see it pass', async () => {
      const { page, context, errors } = await fx.openAs('superAdmin', { language: 'en-US', path: '/deviceGateway' });
      await page.getByRole('tab', { name: 'Gateway test' }).click();
      const form = page.getByTestId('gateway-test-form');
      await form.waitFor();

      // Checked with the client's rules before anything is sent: one DTU at a time, 11 digits.
      await page.getByTestId('gateway-test-dtu').fill(`${DTU} 86166600002`);
      await page.getByTestId('gateway-test-add').click();
      await expect.poll(() => form.innerText()).toContain('add one at a time');
      await page.getByTestId('gateway-test-dtu').fill('8616660000');
      await page.getByTestId('gateway-test-add').click();
      await expect.poll(() => form.innerText()).toContain('DTU number 8616660000: the DTU number must be 11 digits');
      await page.getByTestId('gateway-test-start').click();
      await expect.poll(() => form.innerText()).toContain('DTU numbers: cannot be empty');

      await page.getByTestId('gateway-test-dtu').fill(DTU);
      await page.getByTestId('gateway-test-add').click();
      await expect.poll(() => page.getByTestId('gateway-test-dtus').innerText()).toContain(DTU);
      await page.getByTestId('gateway-test-benchmark').fill('2');
      await page.getByTestId('gateway-test-start').click();

      const outcome = page.getByTestId(`gateway-test-outcome-${DTU}`);
      await expect.poll(() => outcome.innerText(), { timeout: 20_000 }).toBe('Passed');
      const result = page.locator('.ant-table-row', { has: outcome });
      expect(await result.innerText()).toMatch(/\d+ \(\d+ \/ 0 \/ 0\)/);
      expect(await page.locator('[data-testid^="gateway-test-state-"]').first().innerText()).toBe('Finished');
      await fx.shot(page, 'device-gateway-gateway-test-en-US');
      expect(errors).toEqual([]);
      await context.close();

      // The same test in Chinese: labels, state and outcome come from the three-language catalogues.
      const zh = await fx.openAs('superAdmin', { language: 'zh-CN', path: '/deviceGateway' });
      await zh.page.getByRole('tab', { name: '网关测试' }).click();
      await zh.page.locator('[data-testid^="gateway-test-state-"]').first().waitFor();
      expect(await zh.page.locator('[data-testid^="gateway-test-state-"]').first().innerText()).toBe('已完成');
      await zh.page.locator('.ant-table-row-expand-icon').first().click();
      await expect.poll(() => zh.page.getByTestId(`gateway-test-outcome-${DTU}`).innerText()).toBe('通过');
      await fx.shot(zh.page, 'device-gateway-gateway-test-zh-CN');
      expect(zh.errors).toEqual([]);
      await zh.context.close();
    });
  },
);
