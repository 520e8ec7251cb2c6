import { upTopic } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'call records and safety hazards screens',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
      // A gateway reports a call and a hazard through the real broker, as the screens' rows would arrive.
      const admin = await fx.server.login('admin');
      const gw = await provisionGateway(fx.server, admin, '86100000041');
      const device = await connectGateway(fx.server.mqttUrl, gw);
      const event = (id: string, body: Record<string, unknown>) =>
        publishQos1(device, upTopic(gw.dtu, 'event'), JSON.stringify({ id, ts: Date.now(), ...body }));
      await event('web-call-1', {
        kind: 'call',
        durationSeconds: 65,
        originator: 'Passenger',
        connector: 'Duty room',
        phone: '13800007777',
        audio: 'calls/web-call-1.mp3',
      });
      await event('web-hazard-1', { kind: 'hazard', code: 'H07', description: 'Car door gap above 6 mm' });
      device.end(true);
    });
    afterAll(async () => fx?.close());

    it('lists a reported hazard on /potential and a call on /userTake, each with its export button', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/potential' });
      expect(await listState(page, 'list-hazardRecord')).toBe('finish');
      const hazard = page.getByTestId('list-hazardRecord').locator('.ant-table-row').first();
      await expect.poll(() => hazard.innerText()).toMatch(/Lift 86100000041[\s\S]*H07[\s\S]*Car door gap above 6 mm/);
      await expect(page.getByTestId('export-button').isVisible()).resolves.toBe(true);
      await fx.shot(page, 'potential-en-US');

      // Call records are a China-only page (console-shell.md §2.2): the Chinese console shows it.
      await context.close();
      const zh = await fx.openAs('admin', { language: 'zh-CN', path: '/userTake' });
      expect(await listState(zh.page, 'list-callRecord')).toBe('finish');
      const call = zh.page.getByTestId('list-callRecord').locator('.ant-table-row').first();
      await expect.poll(() => call.innerText()).toMatch(/86100000041[\s\S]*65[\s\S]*Passenger[\s\S]*13800007777/);
      await expect(zh.page.getByTestId('export-button').isVisible()).resolves.toBe(true);
      await fx.shot(zh.page, 'userTake-zh-CN');
      expect([...errors, ...zh.errors]).toEqual([]);
      await zh.context.close();
    });
  },
);
