import { getHomeOverview, raiseWorkOrder, type LiftCloudClient } from '@liftcloud/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  listState,
  liveOpen,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';
import { setOnline } from '../support/monitoringRecords.js';

const figure = (page: Page, id: string) => page.getByTestId(`home-figure-${id}`);
const valueOf = async (page: Page, id: string) => Number(await figure(page, id).getAttribute('data-value'));

/** Issue 20: the home page is the dispatcher's overview, live, each figure a link to its filtered list. */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'the home page overview',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    let admin: LiftCloudClient;
    let elevatorId: number;
    beforeAll(async () => {
      fx = await startConsole();
      admin = await fx.server.login('admin');
      const lift = (name: string) =>
        admin.entities.elevator.save({ name, factoryNo: name, elevatorType: 1, useStatus: 1 });
      elevatorId = (await lift('Harbour lift 1')).id;
      await lift('Harbour lift 2');
      await setOnline(fx.server, elevatorId, true);
      await admin.entities.gatewayDevice.save({ dtuCode: '86200000001', elevatorId });
    });
    afterAll(async () => fx?.close());

    it('shows the figures, follows a new trapped-passenger order live, and opens its filtered list', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'zh-CN' });
      await page.getByTestId('home-overview').waitFor();
      await liveOpen(page);
      const expected = await admin.call(getHomeOverview);
      await expect.poll(() => valueOf(page, 'orders-reported')).toBe(expected.repairOrders!.reported);
      expect(await valueOf(page, 'elevators-total')).toBe(expected.elevators!.total);
      expect(await valueOf(page, 'elevators-offline')).toBe(expected.elevators!.offline);
      expect(await valueOf(page, 'gateways-silent')).toBe(expected.gateways!.silent);
      expect(await figure(page, 'maintenance-overdue').count()).toBe(1);
      expect(await page.locator('[data-testid^="home-fault-day-"]').count()).toBe(7);
      expect(await page.getByTestId('home-group-orders').innerText()).toContain('今日困人');

      // a passenger is trapped: the order raised reaches the page over the live channel, no reload
      await admin.call(raiseWorkOrder, { body: { elevatorId, repairMethod: 3, type: 1 } });
      await expect.poll(() => valueOf(page, 'orders-reported')).toBe(expected.repairOrders!.reported + 1);
      await expect.poll(() => valueOf(page, 'trapped-today')).toBe(expected.repairOrders!.trappedToday + 1);
      await fx.shot(page, 'home-overview-zh');

      // the figure is its list: the repair orders reported, filtered in the URL and in the table
      const reported = await valueOf(page, 'orders-reported');
      await figure(page, 'orders-reported').click();
      await page.waitForURL((url) => url.pathname === '/workOrder' && url.searchParams.get('recordState') === '0');
      await listState(page, 'list-workOrder');
      await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(reported);
      await page.goBack();
      await page.getByTestId('home-overview').waitFor();
      // the lifts offline, likewise
      const offline = await valueOf(page, 'elevators-offline');
      await figure(page, 'elevators-offline').click();
      await page.waitForURL((url) => url.pathname === '/elevator' && url.searchParams.get('onlineStatus') === 'false');
      await listState(page, 'list-elevator');
      await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(offline);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('leaves out what the user may not list, without a refusal, in Italian at 1440 px', async () => {
      const { page, context, errors } = await fx.openAs('general', { language: 'it-Italy' });
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 403) refused.push(r.url());
      });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId('home-group-elevators').waitFor();
      expect(await page.getByTestId('home-group-faults').innerText()).toContain('Guasti della settimana');
      expect(await page.getByTestId('home-group-orders').count()).toBe(0);
      expect(await page.getByTestId('home-group-gateways').count()).toBe(0);
      expect(await page.getByTestId('home-group-maintenance').count()).toBe(0);
      await fx.shot(page, 'home-overview-it-viewer');
      expect(await page.locator('.ant-notification-notice').count()).toBe(0);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
