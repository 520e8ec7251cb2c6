import { raiseWorkOrder, type LiftCloudClient } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFleet } from '../../packages/server/src/seed/demo-fleet.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

const REPAIR_POLL = '/api/workOrders/web';
const figureValue = async (page: Page, id: string) =>
  Number(await page.getByTestId(`home-figure-${id}`).getAttribute('data-value'));
/** The list's total as its pagination says it ("Total 12 items"). */
const listTotal = async (page: Page) =>
  Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/\D+/g, ''));

/** Issue 20: the demo as a newcomer's first `npm start` shows it (the seeded fleet and its history). */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'the demo at first start',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    let admin: LiftCloudClient;
    let ids: number[];
    beforeAll(async () => {
      fx = await startConsole();
      ids = await seedDemoFleet(fx.server.store.db, fx.server.demo, Date.now());
      admin = await fx.server.login('admin');
    });
    afterAll(async () => fx?.close());

    it('announces no seeded repair order at page load, only one raised while the page is open', async () => {
      const open = await admin.entities.workOrder.list({ recordState: 0 });
      expect(open.total).toBeGreaterThan(0); // the seeded history has orders waiting
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/login' });
      // every repair notice shown at any moment (a notice closes by itself after a few seconds)
      await page.addInitScript(() => {
        const shown = new Set<string>();
        (window as unknown as { repairNoticesShown: Set<string> }).repairNoticesShown = shown;
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-testid^="repair-notice-"]'))
            shown.add(el.getAttribute('data-testid')!);
        }).observe(document, { childList: true, subtree: true });
      });
      const shown = () =>
        page.evaluate(() => [...(window as unknown as { repairNoticesShown: Set<string> }).repairNoticesShown]);
      // both repair polls answered twice (the first after 2 s, then every 10 s): what they returned is history
      let answers = 0;
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === REPAIR_POLL && r.ok()) answers++;
      });
      answers = 0;
      await page.goto(`${fx.base}/`);
      await expect.poll(() => answers, { timeout: 40_000 }).toBeGreaterThanOrEqual(4);
      expect(await shown()).toEqual([]);

      // a lift with no open order: a passenger is trapped now
      const busy = (await admin.entities.workOrder.list({ pageSize: 200 })).records
        .filter((o) => [0, 1, 2].includes(Number(o.recordState)))
        .map((o) => Number(o.elevatorId));
      const lift = ids.find((id) => !busy.includes(id))!;
      const raised = await admin.call(raiseWorkOrder, { body: { elevatorId: lift, repairMethod: 3, type: 1 } });
      await page.getByTestId(`repair-notice-${raised.id}`).waitFor({ timeout: 30_000 });
      expect(await shown()).toEqual([`repair-notice-${raised.id}`]);
      await fx.shot(page, 'demo-repair-notice-en-US');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('each maintenance figure on the home page opens the list of exactly the orders it counts', async () => {
      // done orders among those dates: one completed early within the coming week, one done late
      const db = fx.server.store.db as unknown as Kysely<LooseDB>;
      const today = new Date().toISOString().slice(0, 10);
      const ahead = await db
        .selectFrom('maintenanceOrders')
        .select(['id', 'planDate'])
        .where('planDate', '>=', today)
        .orderBy('planDate')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('maintenanceOrders')
        .set({ status: 9, maintenanceDate: today })
        .where('id', '=', ahead.id)
        .execute();
      const past = await db
        .selectFrom('maintenanceOrders')
        .select(['id', 'planDate'])
        .where('planDate', '<', today)
        .where('status', 'in', [9, 10])
        .orderBy('planDate')
        .executeTakeFirstOrThrow();
      await db.updateTable('maintenanceOrders').set({ maintenanceDate: today }).where('id', '=', past.id).execute();

      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/' });
      for (const id of ['maintenance-due', 'maintenance-overdue']) {
        await page.getByTestId('home-overview').waitFor();
        await page.getByTestId(`home-figure-${id}`).waitFor();
        const counted = await figureValue(page, id);
        expect(counted).toBeGreaterThan(0);
        await page.getByTestId(`home-figure-${id}`).click();
        await page.waitForURL((url) => url.pathname === '/maintWork');
        expect(await listState(page, 'maint-orders')).toBe('finish');
        await expect.poll(() => listTotal(page)).toBe(counted);
        if (id === 'maintenance-overdue') await fx.shot(page, 'demo-maintenance-overdue-en-US');
        await page.goBack();
      }
      expect(errors).toEqual([]);
      await context.close();
    });

    it('has contracts and annual inspections to list, and their expiry notices show', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/contract' });
      expect(await listState(page, 'list-contract')).toBe('finish');
      expect(await listTotal(page)).toBeGreaterThanOrEqual(5);
      const contracts = page.locator('.ant-notification-notice', { hasText: 'Contracts expiring' });
      await contracts.waitFor({ timeout: 30_000 });
      expect(await contracts.locator('li').count()).toBe(2);
      const inspections = page.locator('.ant-notification-notice', { hasText: 'Annual inspections due' });
      await inspections.waitFor({ timeout: 30_000 });
      expect(await inspections.locator('li').count()).toBe(5);
      await fx.shot(page, 'demo-contracts-en-US');

      await page.goto(`${fx.base}/yearCheck`);
      expect(await listState(page, 'list-inspection')).toBe('finish');
      expect(await listTotal(page)).toBe(ids.length + 1);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
