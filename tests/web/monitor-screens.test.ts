import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf, type TestServer } from '../support/server.js';
import {
  chromiumMissing,
  liveOpen,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

interface Lift {
  id: number;
  name: string;
  dtu: string | null;
  device: MqttClient | null;
}

function connect(url: string, username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(url, { username, password, clientId: `ms-${username}`, reconnectPeriod: 0 });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
}

let seq = 0;
function publish(lift: Lift, kind: 'status' | 'alarm', body: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({ id: `ms-${++seq}`, ts: Date.now(), ...body });
  return new Promise((resolve, reject) =>
    lift.device!.publish(upTopic(lift.dtu!, kind), payload, { qos: 1 }, (err) => (err ? reject(err) : resolve())),
  );
}

/** A gateway bound to the elevator, its secret issued and a device connected with it. */
async function withGateway(s: TestServer, admin: LiftCloudClient, elevatorId: number, dtu: string) {
  const gw = await admin.entities.gatewayDevice.save({ dtuCode: dtu });
  const init = (method: string, body: unknown) => ({
    method,
    token: tokenOf(admin),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await s.fetch(`gatewayDevices/${gw.id}/bind`, init('PUT', { elevatorId }));
  const cred = await s.fetch(`gatewayDevices/${gw.id}/credentials`, init('POST', {}));
  return connect(s.mqttUrl, dtu, (cred.body.data as { secret: string }).secret);
}

/**
 * Places for the lifts with their own coordinates (Xiamen, Hangzhou, Suzhou, Nanjing, Ningbo, Shanghai); lift 7
 * stands at its use unit's, Harbour Mall in Shanghai, beside lift 6.
 */
const PLACES: [number, number][] = [
  [118.09, 24.48],
  [120.16, 30.27],
  [120.62, 31.3],
  [118.8, 32.06],
  [121.55, 29.87],
  [121.47, 31.23],
];

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'monitor center, GIS map and kanban',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    let admin: LiftCloudClient;
    const lifts: Lift[] = [];

    beforeAll(async () => {
      fx = await startConsole();
      admin = await fx.server.login('admin');
      const mall = (await admin.entities.useUnit.list({ name: 'Harbour Mall' })).records[0]!;
      // 1-6 have coordinates, 7 only through its use unit, 8 and 9 none; 1-8 report through gateways
      for (let i = 1; i <= 9; i++) {
        const place = PLACES[i - 1];
        const saved = await admin.entities.elevator.save({
          name: `Map lift ${i}`,
          factoryNo: `ML-${i}`,
          elevatorType: 1,
          useStatus: 1,
          maintenanceCompanyId: fx.server.demo.companies.maintenance,
          address: `${i} Test Road`,
          ...(place ? { longitude: place[0], latitude: place[1] } : {}),
          ...(i === 7 ? { useUnitId: mall.id } : {}),
        });
        const dtu = i <= 8 ? `8617770000${i}` : null;
        const device = dtu ? await withGateway(fx.server, admin, saved.id, dtu) : null;
        lifts.push({ id: saved.id, name: `Map lift ${i}`, dtu, device });
      }
      for (const lift of lifts.slice(0, 8))
        await publish(lift, 'status', { floor: 1, direction: 0, door: 0, run: 0, flags: [] });
    });
    afterAll(async () => {
      for (const lift of lifts) lift.device?.end(true);
      await fx?.close();
    });

    it('monitor center: opens from the sidebar in a new tab, keeps the choice in the URL, refuses a ninth elevator, shows live floors', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'zh-CN', path: '/' });
      await page.getByTestId('sidebar').getByText('电梯监控').click();
      const [opened] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('menu-/elevatorMonitor/monitorCenter').click(),
      ]);
      await opened.waitForURL((url) => url.pathname === '/elevatorMonitor/monitorCenter');
      await opened.getByTestId('monitor-center').waitFor();
      await opened.close();

      const seven = lifts.slice(0, 7).map((l) => l.id);
      await page.goto(`${fx.base}/elevatorMonitor/monitorCenter?ids=${seven.join(',')}`);
      const grid = page.getByTestId('monitor-center-grid');
      await expect.poll(() => grid.locator('[data-testid^="elevator-tile-"]').count()).toBe(7);

      const picker = page.getByTestId('monitor-center-picker');
      const pick = async (name: string) => {
        await picker.click();
        await picker.locator('input').fill(name);
        await page.locator(`.ant-select-item-option[title="${name}"]`).click();
      };
      await pick('Map lift 8');
      await expect.poll(() => grid.locator('[data-testid^="elevator-tile-"]').count()).toBe(8);
      const eight = lifts.slice(0, 8).map((l) => l.id);
      expect(new URL(page.url()).searchParams.get('ids')).toBe(eight.join(','));

      await pick('Map lift 9');
      await page.getByText('同时最多监控 8 台电梯：请先移除一台再添加').waitFor();
      await page.keyboard.press('Escape');
      expect(await grid.locator('[data-testid^="elevator-tile-"]').count()).toBe(8);
      expect(await page.getByTestId(`elevator-tile-${lifts[8]!.id}`).count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('ids')).toBe(eight.join(','));
      await expect.poll(() => page.getByTestId('monitor-center-count').innerText()).toBe('已选 8 / 8');

      await liveOpen(page);
      for (const [i, lift] of lifts.slice(0, 8).entries())
        await publish(lift, 'status', { floor: i + 2, direction: 1, door: 0, run: 1, flags: [] });
      for (const [i, lift] of lifts.slice(0, 8).entries())
        await expect
          .poll(() => page.getByTestId(`elevator-tile-${lift.id}`).getAttribute('data-floor'), { timeout: 20_000 })
          .toBe(String(i + 2));
      await publish(lifts[2]!, 'alarm', { type: 1, floor: 4 });
      await page.getByTestId('side-alarms').getByText('Map lift 3').waitFor({ timeout: 20_000 });
      await page.getByTestId('side-orders').getByText('Map lift 3').first().waitFor({ timeout: 20_000 });

      // an address naming nine: the first eight, the same refusal, and the address put right
      const nine = lifts.map((l) => l.id);
      await page.goto(`${fx.base}/elevatorMonitor/monitorCenter?ids=${nine.join(',')}`);
      await page.getByText('同时最多监控 8 台电梯：请先移除一台再添加').waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('ids')).toBe(eight.join(','));
      // reopened from its address (a bookmark): the same eight
      await page.reload();
      await expect.poll(() => grid.locator('[data-testid^="elevator-tile-"]').count()).toBe(8);
      // opened again from the sidebar (no choice in the address): the last choice on this browser
      await page.goto(`${fx.base}/elevatorMonitor/monitorCenter`);
      await expect.poll(() => new URL(page.url()).searchParams.get('ids')).toBe(eight.join(','));
      await expect.poll(() => grid.locator('[data-testid^="elevator-tile-"]').count()).toBe(8);
      await page.mouse.move(0, 0);
      await fx.shot(page, 'monitor-center-zh-CN');
      await context.close();
    });

    it('GIS map: markers from coordinates on an offline map, nothing fetched from elsewhere, live colours, popover', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'zh-CN', path: '/' });
      const requests: string[] = [];
      context.on('request', (r) => requests.push(r.url()));
      await page.goto(`${fx.base}/elevatorMonitor/gisMap`);
      const map = page.getByTestId('gis-map');
      await expect.poll(() => map.getAttribute('data-placed'), { timeout: 30_000 }).toBe('7');
      // lifts 1-7 are each drawn once, alone or in a counted group (6 and 7 stand at one place); 1, in Xiamen, alone
      const drawn = async () => {
        const groups = await page
          .locator('[data-testid="map-cluster"]')
          .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-count'))));
        return groups.reduce((a, b) => a + b, 0) + (await page.locator('[data-testid^="map-marker-"]').count());
      };
      await expect.poll(drawn).toBe(7);
      await page.getByTestId(`map-marker-${lifts[0]!.id}`).waitFor();
      expect(await page.getByTestId('gis-unplaced').getAttribute('data-count')).toBe('2');
      await page.getByTestId(`gis-unplaced-${lifts[7]!.id}`).waitFor();
      await page.getByTestId(`gis-unplaced-${lifts[8]!.id}`).waitFor();
      // the land outline is drawn (a long path from the bundled file)
      await expect
        .poll(async () => (await page.locator('[data-testid="gis-map-svg"] path').getAttribute('d'))?.length ?? 0)
        .toBeGreaterThan(10_000);

      const first = page.getByTestId(`map-marker-${lifts[0]!.id}`);
      await expect.poll(() => first.getAttribute('data-state')).toBe('online');
      const svg = page.getByTestId('gis-map-svg');
      await page.getByTestId('map-zoom-in').click();
      await expect.poll(() => svg.getAttribute('data-zoom')).toBe('1.50');
      await liveOpen(page);
      await publish(lifts[0]!, 'alarm', { type: 2, floor: 3 });
      await expect.poll(() => first.getAttribute('data-state'), { timeout: 20_000 }).toBe('alarm');
      expect(await svg.getAttribute('data-zoom')).toBe('1.50'); // a live frame keeps the view
      // lift 3's alarm from the monitor center test left its order open: red from the start, or its group is
      const lift3 = `[data-testid="map-marker-${lifts[2]!.id}"][data-state="alarm"]`;
      await expect
        .poll(() => page.locator(`${lift3}, [data-testid="map-cluster"][data-state="alarm"]`).count())
        .toBeGreaterThan(0);

      await page.getByTestId('map-reset').click();
      await expect.poll(() => svg.getAttribute('data-zoom')).toBe('1.00');
      const box = (await svg.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -100);
      await expect.poll(() => svg.getAttribute('data-zoom')).toBe('1.25');
      // dragging pans: the marker moves with the land under it
      const cx = async () => Number(await first.getAttribute('cx'));
      const before = await cx();
      await page.mouse.move(box.x + 40, box.y + 40);
      await page.mouse.down();
      await page.mouse.move(box.x + 90, box.y + 40, { steps: 5 });
      await page.mouse.move(box.x + 140, box.y + 40, { steps: 5 });
      await page.mouse.up();
      expect((await cx()) - before).toBeCloseTo((100 * 1000) / box.width, 0);
      await page.getByTestId('map-reset').click();
      await first.click();
      const popup = page.getByTestId('map-popup');
      await popup.waitFor();
      expect(await popup.innerText()).toContain('1 Test Road');
      expect(await page.getByTestId('map-popup-state').innerText()).toBe('报警');
      expect(await page.getByTestId('map-popup-monitor').getAttribute('href')).toBe(`/singleMonitor/${lifts[0]!.id}`);
      await fx.shot(page, 'gis-map-zh-CN');

      const origin = new URL(fx.base);
      const elsewhere = requests.filter((u) => {
        const url = new URL(u);
        return !u.startsWith('data:') && url.host !== origin.host;
      });
      expect(elsewhere).toEqual([]);
      expect(requests.some((u) => /land-50m.*\.json$/.test(new URL(u).pathname))).toBe(true);
      await context.close();
    });

    it('kanban: the totals the API gives, a live alarm count, and nothing for a visitor without a session', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'zh-CN', path: '/cloudKanban' });
      const figure = (id: string) => page.getByTestId(`kanban-${id}`).getAttribute('data-value');
      await expect.poll(() => figure('elevators'), { timeout: 30_000 }).not.toBe('');
      const o = await admin.monitoring.overview();
      expect(o.elevators.total).toBe(9);
      expect(o.alarms.today).toBeGreaterThanOrEqual(2);
      const expected: Record<string, number> = {
        elevators: o.elevators.total,
        online: o.elevators.online,
        offline: o.elevators.offline,
        'open-orders': o.openOrders.total,
        'alarms-today': o.alarms.today,
        'alarms-7': o.alarms.last7Days,
        'faults-today': o.faults.today,
        'faults-7': o.faults.last7Days,
        'trapped-today': o.trapped.today,
        'trapped-7': o.trapped.last7Days,
      };
      for (const [id, value] of Object.entries(expected)) expect(await figure(id), id).toBe(String(value));
      const today = o.days[6]!;
      expect(await page.getByTestId(`kanban-day-${today.date}`).getAttribute('data-alarms')).toBe(String(today.alarms));
      await page.getByTestId(`kanban-alarm-${o.latestAlarms[0]!.id}`).waitFor();

      await liveOpen(page);
      await publish(lifts[4]!, 'alarm', { type: 1, floor: 2 });
      await expect.poll(() => figure('alarms-today'), { timeout: 20_000 }).toBe(String(o.alarms.today + 1));
      await expect.poll(() => figure('trapped-today')).toBe(String(o.trapped.today + 1));
      await page.getByTestId('kanban-alarms').getByText('Map lift 5').waitFor();
      await fx.shot(page, 'kanban-zh-CN');

      // China only, like its sidebar entry: an English session gets no figures
      const en = await fx.openAs('admin', { language: 'en-US', path: '/cloudKanban' });
      await en.page.getByTestId('no-permission').waitFor();
      await en.context.close();

      // a public path, but a visitor without a session sees a sign-in card and asks for no figures
      const visitor = await fx.open('zh-CN');
      const asked: string[] = [];
      visitor.page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await visitor.page.goto(`${fx.base}/cloudKanban`);
      await visitor.page.getByTestId('kanban-sign-in').waitFor();
      expect(new URL(visitor.page.url()).pathname).toBe('/cloudKanban');
      expect(asked.filter((p) => p.startsWith('/api/monitoring'))).toEqual([]);
      await visitor.context.close();
      await context.close();
    });
  },
);
