import { upTopic } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import {
  chromiumMissing,
  liveOpen,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

const publish = (c: MqttClient, topic: string, payload: object) => publishQos1(c, topic, JSON.stringify(payload));

/** Issue 20: the single monitor draws the shaft, the car moving live with its doors and direction, and the flags. */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'the shaft on the single monitor',
  { timeout: BROWSER_TEST_TIMEOUT },
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

    it('moves the car to each reported floor, opens its doors, points its direction and lights the flags', async () => {
      const admin = await fx.server.login('admin');
      const dtu = '86155500077';
      const gateway = await provisionGateway(fx.server, admin, dtu, {
        name: 'Shaft Lift',
        factoryNo: 'SL-1',
        floors: 12,
      });
      device = await connectGateway(fx.server.mqttUrl, gateway);
      const { page, context, errors } = await fx.openAs('admin', {
        language: 'zh-CN',
        path: `/singleMonitor/${gateway.elevatorId}`,
      });
      const shaft = page.getByTestId('shaft');
      await shaft.waitFor();
      await liveOpen(page);
      expect(await shaft.getAttribute('data-floors')).toBe('12');
      // every flag of the spec's runtime list is named, none lit before a report
      const flags = page.getByTestId('runtime-flags');
      expect(await flags.locator('[data-testid^="flag-"]').count()).toBe(11);
      expect(await flags.innerText()).toContain('消防返回');
      expect(await flags.locator('[data-on="true"]').count()).toBe(0);

      const car = page.getByTestId('shaft-car');
      const ts = Date.now();
      await publish(device, upTopic(dtu, 'status'), {
        id: 's-1',
        ts,
        floor: 3,
        direction: 1,
        door: 0,
        run: 1,
        flags: [8, 1],
      });
      await expect.poll(() => shaft.getAttribute('data-floor'), { timeout: 20_000 }).toBe('3');
      const low = Number(await car.getAttribute('data-y'));
      expect(await shaft.getAttribute('data-direction')).toBe('up');
      expect(await page.getByTestId('shaft-arrow').textContent()).toBe('▲');
      expect(await page.getByTestId('shaft-door').getAttribute('data-open')).toBe('0');
      expect(await flags.getByTestId('flag-8').getAttribute('data-on')).toBe('true');
      expect(await flags.getByTestId('flag-1').getAttribute('data-on')).toBe('true');
      expect(await flags.getByTestId('flag-10').getAttribute('data-on')).toBe('false');

      // arrived at 9, doors open, stopped: the car is drawn higher and its doors apart, the arrow gone
      await publish(device, upTopic(dtu, 'status'), {
        id: 's-2',
        ts: ts + 1,
        floor: 9,
        direction: 0,
        door: 1,
        run: 0,
        flags: [],
      });
      await expect.poll(() => shaft.getAttribute('data-floor'), { timeout: 20_000 }).toBe('9');
      const high = Number(await car.getAttribute('data-y'));
      expect(high).toBeLessThan(low);
      expect(await shaft.getAttribute('data-direction')).toBe('stopped');
      expect(await page.getByTestId('shaft-arrow').count()).toBe(0);
      expect(await page.getByTestId('shaft-door').getAttribute('data-open')).toBe('1');
      expect(await flags.locator('[data-on="true"]').count()).toBe(0);
      // the car is drawn where it is said to be: in the upper half of a 12-floor shaft at floor 9
      const box = await car.boundingBox();
      const svg = await shaft.boundingBox();
      expect(box!.y).toBeLessThan(svg!.y + svg!.height / 2);

      await publish(device, upTopic(dtu, 'status'), {
        id: 's-3',
        ts: ts + 2,
        floor: 5,
        direction: 2,
        door: 3,
        run: 1,
        flags: [10, 11],
      });
      await expect.poll(() => shaft.getAttribute('data-floor'), { timeout: 20_000 }).toBe('5');
      expect(await page.getByTestId('shaft-arrow').textContent()).toBe('▼');
      expect(await flags.getByTestId('flag-11').getAttribute('data-on')).toBe('true');
      await fx.shot(page, 'shaft-monitor-zh-CN');
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
