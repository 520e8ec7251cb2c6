import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../support/server.js';
import { xlsx, type Cell } from '../support/xlsx.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';
import { chooseFirst } from './support/forms.js';

const HEADER: Cell[] = [
  'Elevator name',
  'Register code',
  'Factory no.',
  'Elevator type',
  'DTU number',
  'Use unit',
  'Access date',
];

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'registry screens',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('creates an elevator and its floors; a floor above 64 is refused', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/elevator' });
      await listState(page, 'list-elevator');
      await page.getByTestId('create-button').click();
      const form = page.getByTestId('form-elevator');
      await form.locator('#name').fill('Browser Lift 1');
      await form.locator('#factoryNo').fill('BL-0001');
      await chooseFirst(page, form, 'elevatorType');
      await chooseFirst(page, form, 'useStatus');
      await page.getByTestId('form-save').click();
      await form.waitFor({ state: 'detached' });
      const admin = await fx.server.login('admin');
      const lift = (await admin.entities.elevator.list({ name: 'Browser Lift 1' })).records[0]!;
      expect(lift).toBeDefined();

      await page.goto(`${fx.base}/elevator?name=Browser%20Lift%201`);
      await listState(page, 'list-elevator');
      await page.getByTestId(`floors-${lift.id}`).click();
      const floors = page.getByTestId('detail-floorMapping');
      for (const floor of [1, 2]) {
        await floors.getByTestId('create-floorMapping').click();
        const f = page.getByTestId('form-floorMapping');
        await f.locator('#actualFloor').fill(String(floor));
        await f.locator('#displayedFloor').fill(`F${floor}`);
        await f.locator('#statusFloorCode').fill(String(floor));
        await f.locator('#faultFloorCode').fill(String(floor));
        await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
        await f.waitFor({ state: 'detached' });
      }
      await expect.poll(() => floors.locator('.ant-table-row').count()).toBe(2);
      await floors.getByTestId('create-floorMapping').click();
      const high = page.getByTestId('form-floorMapping');
      await high.locator('#actualFloor').fill('65');
      await high.locator('#displayedFloor').fill('F65');
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
      await high.locator('.ant-form-item-explain-error').first().waitFor();
      await fx.shot(page, 'elevator-floors-en-US');
      expect((await admin.entities.floorMapping.list({ elevatorId: lift.id })).total).toBe(2);
      await context.close();
    });

    it('binds a gateway to an elevator that has one, after the replace question', async () => {
      const admin = await fx.server.login('admin');
      const lift = await admin.entities.elevator.save({
        name: 'Bind Lift',
        factoryNo: 'BL-B',
        elevatorType: 1,
        useStatus: 1,
      });
      const first = await admin.entities.gatewayDevice.save({ dtuCode: '86199900001' });
      const second = await admin.entities.gatewayDevice.save({ dtuCode: '86199900002' });
      await fx.server.fetch(`gatewayDevices/${first.id}/bind`, {
        method: 'PUT',
        token: tokenOf(admin),
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ elevatorId: lift.id }),
      });
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/device?dtuCode=86199900002' });
      await listState(page, 'list-gatewayDevice');
      // blacklist with nothing chosen: the client rule's message
      await page.getByTestId('blacklist-on').click();
      await page.locator('.ant-message').getByText('choose a gateway device first').waitFor();
      await page.getByTestId(`bind-${second.id}`).click();
      await page.getByTestId('bind-elevator').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Bind Lift' }).click();
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.locator('.ant-modal-confirm-content').getByText('replace the binding?').waitFor();
      await fx.shot(page, 'gateway-replace-en-US');
      await confirm.getByRole('button', { name: 'OK' }).click();
      await expect.poll(async () => (await admin.entities.gatewayDevice.get(second.id)).elevatorId).toBe(lift.id);
      expect((await admin.entities.gatewayDevice.get(first.id)).elevatorId).toBeNull();

      await page.getByTestId(`credentials-${second.id}`).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => page.getByTestId('gateway-secret').innerText()).toMatch(/^gw_/);
      await context.close();
    });

    it('imports network applications: a bad row is reported, the fixed file goes in', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/elevatorNetApply' });
      await listState(page, 'list-netApply');
      const bad = await xlsx([
        HEADER,
        ['Web Apply 1', 'WRC-1', null, 'Traction passenger', '86177700001', 'Unit', null],
        [null, 'WRC-2', null, 'Traction passenger', '86177700002', 'Unit', null],
      ]);
      const input = page.getByTestId('import-file');
      await input.setInputFiles({ name: 'apply.xlsx', mimeType: 'application/octet-stream', buffer: bad });
      const errors = page.getByTestId('import-errors');
      await errors.waitFor();
      const row = errors.locator('.ant-table-row').first();
      await expect.poll(() => row.innerText()).toMatch(/3\s+Elevator name\s+Elevator name: cannot be empty/);
      await fx.shot(page, 'import-errors-en-US');
      const fixed = await xlsx([
        HEADER,
        ['Web Apply 1', 'WRC-1', null, 'Traction passenger', '86177700001', 'Unit', null],
        ['Web Apply 2', 'WRC-2', null, 'Traction passenger', '86177700002', 'Unit', null],
      ]);
      await input.setInputFiles({ name: 'apply.xlsx', mimeType: 'application/octet-stream', buffer: fixed });
      await page.locator('.ant-message').getByText('2 created').waitFor();
      await errors.waitFor({ state: 'hidden' });
      const admin = await fx.server.login('admin');
      expect((await admin.entities.netApply.list({ elevatorName: 'Web Apply' })).total).toBe(2);
      await context.close();
    });

    it('opens every registry and monitoring list', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/smartDevice' });
      const visits: [string, string, string?][] = [
        ['/smartDevice', 'list-smartScreen', 'Cameras'],
        ['/elevatorSetting', 'list-faultTemplate', 'Elevator users'],
        ['/parts', 'list-part', 'Part types'],
        ['/event', 'list-eventRecord'],
        ['/alarmBell', 'list-alarmRecord'],
        ['/fault', 'list-faultRecord'],
        ['/workOrder', 'list-workOrder'],
      ];
      for (const [path, list, tab] of visits) {
        await page.goto(`${fx.base}${path}`);
        expect(await listState(page, list), path).not.toBe('error');
        if (tab) {
          await page.getByRole('tab', { name: tab }).click();
          await page.getByRole('tab', { name: tab, selected: true }).waitFor();
          await fx.shot(page, `${path.slice(1)}-tab-en-US`);
        }
      }
      // the single-ladder monitor's chosen tiles (the use-unit monitor groups by use unit: use-unit-monitor.test.ts)
      await page.goto(`${fx.base}/elevatorMonitor/singleLadderMonitor`);
      await page.getByTestId('multi-monitor').locator('[data-testid^="elevator-tile-"]').first().waitFor();
      expect(
        await page.getByTestId('multi-monitor').locator('[data-testid^="elevator-tile-"]').count(),
      ).toBeLessThanOrEqual(8);
      await fx.shot(page, 'single-ladder-monitor-en-US');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('moves a smart screen bound to another elevator after the replace question', async () => {
      const admin = await fx.server.login('admin');
      const a = await admin.entities.elevator.save({
        name: 'Screen Lift A',
        factoryNo: 'SL-A',
        elevatorType: 1,
        useStatus: 1,
      });
      const b = await admin.entities.elevator.save({
        name: 'Screen Lift B',
        factoryNo: 'SL-B',
        elevatorType: 1,
        useStatus: 1,
      });
      const program = (await admin.entities.programCard.save({ name: 'Lobby loop' } as never)) as { id: number };
      const mac = 'AA:BB:CC:DD:EE:01';
      await admin.entities.smartScreen.save({
        mac,
        password: 'secret12',
        elevatorId: a.id,
        programCardId: program.id,
        area: 'Lobby',
      });
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/smartDevice' });
      await listState(page, 'list-smartScreen');
      await page.getByTestId('create-button').click();
      const form = page.getByTestId('form-smartScreen');
      await form.locator('#mac').fill(mac);
      await form.locator('#password').fill('secret34');
      await form.locator('#area').fill('Hall');
      for (const [id, label] of [
        ['elevatorId', 'Screen Lift B'],
        ['programCardId', 'Lobby loop'],
      ] as const) {
        await form
          .locator('.ant-form-item', { has: page.locator(`#${id}`) })
          .locator('.ant-select')
          .click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
        await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
      }
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.locator('.ant-modal-confirm-content').getByText('Screen Lift A').waitFor();
      await confirm.getByRole('button', { name: 'OK' }).click();
      await form.waitFor({ state: 'detached' });
      const screens = await admin.entities.smartScreen.list({ mac });
      expect(screens.records.map((r) => r.elevatorId)).toEqual([b.id]);
      await context.close();
    });
  },
);
