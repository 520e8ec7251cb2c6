import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { BROWSER_TEST_TIMEOUT, chromiumMissing, startConsole, type ConsoleFixture } from './support/consoleFixture.js';
import { startTileServer, type TileServer } from './support/tileServer.js';

/** Five cities, two thousand lifts each, spread over about 30 km around the centre (a fixed pseudo-random walk). */
const CITIES: [number, number][] = [
  [121.47, 31.23],
  [120.16, 30.27],
  [116.4, 39.9],
  [113.26, 23.13],
  [104.07, 30.67],
];
const PER_CITY = 2_000;

async function seedFleet(db: Kysely<LooseDB>, tenantId: number, orgId: number): Promise<void> {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const now = Date.now();
  const rows = CITIES.flatMap(([lon, lat], c) =>
    Array.from({ length: PER_CITY }, (_, i) => ({
      tenantId,
      orgId,
      name: `Fleet ${c + 1}-${i + 1}`,
      elevatorType: 1,
      useStatus: 1,
      // two in three report as online; the rest show offline, so groups carry both shares
      onlineStatus: i % 3 === 0 ? 0 : 1,
      longitude: Number((lon + (next() - 0.5) * 0.3).toFixed(6)),
      latitude: Number((lat + (next() - 0.5) * 0.3).toFixed(6)),
      createTime: now,
      updateTime: now,
    })),
  );
  // and three in one building in Xi'an, far from the cities: a group that never splits
  for (let i = 1; i <= 3; i++)
    rows.push({ ...rows[0]!, name: `Xi'an tower ${i}`, onlineStatus: 1, longitude: 108.94, latitude: 34.34 });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('elevators')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Every content-security-policy violation the page reports from the next navigation on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}

const clusterCounts = async (page: Page) =>
  (await page.locator('[data-testid="map-cluster"]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-count'))))
    .map(Number)
    .sort((a, b) => b - a);
/** Items drawn well inside the map's frame (the map also draws some just beyond it): index, test id, count. */
async function onScreen(page: Page, selector: string): Promise<{ index: number; testId: string; count: number }[]> {
  const frame = (await page.getByTestId('gis-map-svg').boundingBox())!;
  const found = await page.locator(selector).evaluateAll((els) =>
    els.map((el, index) => {
      const r = el.getBoundingClientRect();
      const testId = el.getAttribute('data-testid')!;
      return {
        index,
        testId,
        count: Number(el.getAttribute('data-count') ?? 1),
        x: r.x + r.width / 2,
        y: r.y + r.height / 2,
      };
    }),
  );
  const margin = 40;
  return found
    .filter((f) => f.x > frame.x + margin && f.x < frame.x + frame.width - margin)
    .filter((f) => f.y > frame.y + margin && f.y < frame.y + frame.height - margin)
    .map(({ index, testId, count }) => ({ index, testId, count }))
    .sort((a, b) => b.count - a.count);
}
const GROUPS = '[data-testid="map-cluster"]';
const LIFTS = '[data-testid^="map-marker-"]';

const webZoom = async (page: Page) => Number(await page.getByTestId('gis-map-svg').getAttribute('data-web-zoom'));

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'GIS map: a configured tile source and ten thousand lifts in groups',
  { timeout: BROWSER_TEST_TIMEOUT * 3 },
  () => {
    let fx: ConsoleFixture;
    let tiles: TileServer;

    beforeAll(async () => {
      tiles = await startTileServer();
      fx = await startConsole({
        app: {
          mapTiles: {
            // two subdomains: *.localhost is loopback to Chromium, and the policy must admit both hosts
            url: `http://{s}.localhost:${tiles.port}/tiles/{z}/{x}/{y}.png`,
            subdomains: ['a', 'b'],
            attribution: '© Loopback tiles',
            maxZoom: 17,
            datum: 'wgs84',
          },
        },
      });
      const db = fx.server.store.db as unknown as Kysely<LooseDB>;
      await seedFleet(db, fx.server.demo.tenants.demo, fx.server.demo.companies.demoRoot!);
    }, BROWSER_TEST_TIMEOUT * 2);
    afterAll(async () => {
      await fx?.close();
      await tiles?.close();
    });

    it('draws the tiles it asks for, groups the fleet with counts, splits groups on zoom, opens a lift; falls back to the outline', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'zh-CN', path: '/' });
      const violations = await watchViolations(page);
      const res = await page.goto(`${fx.base}/elevatorMonitor/gisMap`);
      // the policy admits this server, data:, blob: (the page's own downloads) and the two tile hosts, and nothing else
      const policy = res?.headers()['content-security-policy'] ?? '';
      expect(/img-src ([^;]*)/.exec(policy)?.[1]).toBe(
        `'self' data: blob: http://a.localhost:${tiles.port} http://b.localhost:${tiles.port}`,
      );

      const map = page.getByTestId('gis-map');
      await expect
        .poll(() => map.getAttribute('data-placed').then(Number), { timeout: 60_000 })
        .toBeGreaterThanOrEqual(CITIES.length * PER_CITY);
      const placed = Number(await map.getAttribute('data-placed'));

      // every tile on screen is at the zoom level shown, was asked of the tile server, and has loaded
      const tileImages = page.locator('[data-testid="map-tile"]');
      await expect.poll(() => tileImages.count()).toBeGreaterThan(0);
      await expect
        .poll(
          async () =>
            (await tileImages.count()) - (await page.locator('[data-testid="map-tile"][data-loaded]').count()),
        )
        .toBe(0);
      const level = Math.round(await webZoom(page));
      const shown = await tileImages.evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')!));
      for (const t of shown) {
        expect(t.startsWith(`${level}/`)).toBe(true);
        expect(tiles.requested.some((r) => r.endsWith(` ${t}`))).toBe(true);
      }
      const hosts = new Set(tiles.requested.map((r) => r.split(' ')[0]));
      expect([...hosts].sort()).toEqual(['a.localhost', 'b.localhost']);
      expect(await page.getByTestId('map-attribution').innerText()).toBe('© Loopback tiles');

      // the whole fleet is in view as a few counted groups: every lift is in exactly one of them or drawn alone
      const counts = await clusterCounts(page);
      const alone = await page.locator(LIFTS).count();
      expect(counts.length).toBeGreaterThan(0);
      expect(counts.length + alone).toBeLessThan(60);
      expect(counts.reduce((a, b) => a + b, 0) + alone).toBe(placed);
      await page.mouse.move(0, 0);
      await fx.shot(page, 'gis-map-tiles-clusters-zh-CN');

      // a click on the group of lifts at one place lists them; a click on one opens it
      await page.locator('[data-testid="map-cluster"][data-count="3"]').click();
      await page.getByTestId('map-group').waitFor();
      const tower = page.locator('[data-testid^="map-group-"]', { hasText: "Xi'an tower 2" });
      expect(await page.locator('[data-testid^="map-group-"]').count()).toBe(3);
      const towerId = (await tower.getAttribute('data-testid'))!.replace('map-group-', '');
      await tower.click();
      await expect
        .poll(() => page.getByTestId('map-popup-monitor').getAttribute('href'))
        .toBe(`/singleMonitor/${towerId}`);
      await page.mouse.click(5, 5);
      await page.getByTestId('map-popup').waitFor({ state: 'hidden' });

      // a click on the largest group zooms in on it: deeper tiles are asked for, and the group has split
      const before = await webZoom(page);
      const largest = (await onScreen(page, GROUPS))[0]!;
      await page.locator(GROUPS).nth(largest.index).click();
      await expect.poll(() => webZoom(page)).toBeGreaterThan(before + 0.5);
      const deeper = Math.round(await webZoom(page));
      await expect.poll(() => tiles.requested.some((r) => r.includes(` ${deeper}/`))).toBe(true);
      await expect.poll(async () => (await clusterCounts(page))[0] ?? 0).toBeLessThan(largest.count);

      // further in, groups give way to single lifts; a click on one opens it
      for (let i = 0; i < 15 && (await onScreen(page, LIFTS)).length === 0; i++) {
        const group = (await onScreen(page, GROUPS))[0]!;
        const z = await webZoom(page);
        await page.locator(GROUPS).nth(group.index).click();
        await expect.poll(() => webZoom(page)).toBeGreaterThan(z);
      }
      const lift = (await onScreen(page, LIFTS))[0]!;
      await page.locator(LIFTS).nth(lift.index).click();
      await page.getByTestId('map-popup').waitFor();
      expect(await page.getByTestId('map-popup-monitor').getAttribute('href')).toBe(
        `/singleMonitor/${lift.testId.replace('map-marker-', '')}`,
      );
      await fx.shot(page, 'gis-map-tiles-lift-zh-CN');
      expect(await violations()).toEqual([]);

      // the tile server goes away: on the next visit the tiles fail and the offline outline beneath shows
      tiles.goDown();
      await page.reload();
      await expect
        .poll(() => page.getByTestId('map-tiles').getAttribute('data-failed').then(Number))
        .toBeGreaterThan(0);
      // the outline's file loads after the reload too: wait for it rather than race the failing tiles
      await expect
        .poll(
          async () => (await page.locator('[data-testid="gis-map-svg"] path').first().getAttribute('d'))?.length ?? 0,
        )
        .toBeGreaterThan(10_000);
      await context.close();
    });
  },
);
