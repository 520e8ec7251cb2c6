import { createEocdElevatorShareLink, packSamples, upTopic } from '@liftcloud/client';
import { SIM_SAMPLE_SCALE, simulateRide } from '@liftcloud/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import {
  ARTIFACTS,
  chromiumMissing,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'EOCD in the console',
  { timeout: 2 * BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it("draws a worn-rail run's waveform with its filtered curve, ECharts loaded only there", async () => {
      const admin = await fx.server.login('admin');
      const gw = await provisionGateway(fx.server, admin, '86100000071', { ratedSpeed: 1.75 });
      const device = await connectGateway(fx.server.mqttUrl, gw);
      let seed = 3;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      const ride = simulateRide({ fault: 'wornRail', distance: 30, random });
      const body = {
        id: 'w1',
        ts: Date.now(),
        rate: ride.rate,
        scale: SIM_SAMPLE_SCALE,
        samples: packSamples(ride, SIM_SAMPLE_SCALE),
      };
      await publishQos1(device, upTopic(gw.dtu, 'vibration'), JSON.stringify(body));
      device.end(true);
      const run = (await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId })).records[0]!;
      expect(run.overLimit).toBe(true);

      const { page, errors } = await fx.openAs('admin', { language: 'en-US', path: '/elevatorSetting' });
      const chunks: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.js')) chunks.push(r.url());
      });
      // the settings page does not load the chart library
      await page.getByText('EOCD thresholds').waitFor();
      const beforeRun = chunks.length;
      expect(chunks.some((u) => /echarts|charts|renderers/i.test(u))).toBe(false);

      await page.goto(`${fx.base}/eocdRun/${run.id}`);
      const chart = page.getByTestId('waveform-chart');
      await chart.and(page.locator('[data-state="ready"]')).waitFor();
      const metrics = await page.getByTestId('run-metrics').innerText();
      expect(metrics).toContain('ISO horizontal pk-pk');
      expect(metrics).toContain(String(run.isoHorizontalPeakToPeak));
      // the raw curve and the curve through the run's low-pass filter (drawn on the canvas; named on the chart)
      expect(await chart.getAttribute('data-series')).toBe('Raw|Low-pass 10 Hz');
      expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
      expect(chunks.length).toBeGreaterThan(beforeRun);
      await page.screenshot({ path: `${ARTIFACTS}/eocd-waveform.png` });

      // the elevator's drawer lists the run with its metrics and a way to its waveform
      await page.goto(`${fx.base}/elevator`);
      await page.getByTestId(`floors-${gw.elevatorId}`).click();
      await page.getByRole('tab', { name: 'EOCD runs' }).click();
      await page.getByTestId(`waveform-${run.id}`).waitFor();
      expect(await page.getByTestId('eocd-runs').innerText()).toContain('Over threshold');
      expect(errors).toEqual([]);
    });

    it('a shared run opens on /eocdOperate without a login, with its waveform; a tampered link shows only that it is invalid', async () => {
      const admin = await fx.server.login('admin');
      const gw = await provisionGateway(fx.server, admin, '86100000072', { ratedSpeed: 1.75 });
      const device = await connectGateway(fx.server.mqttUrl, gw);
      let seed = 9;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      const ride = simulateRide({ fault: 'wornRail', distance: 20, random });
      const body = {
        id: 'w2',
        ts: Date.now(),
        rate: ride.rate,
        scale: SIM_SAMPLE_SCALE,
        samples: packSamples(ride, SIM_SAMPLE_SCALE),
      };
      await publishQos1(device, upTopic(gw.dtu, 'vibration'), JSON.stringify(body));
      device.end(true);
      const run = (await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId })).records[0]!;

      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: `/eocdRun/${run.id}` });
      await page.getByTestId('share-link-button').click();
      const url = await page.getByTestId('share-link-url').innerText();
      expect(url).toMatch(/\/eocdOperate\?run=\d+&sig=[\w-]{43}&exp=\d+$/);
      expect(errors).toEqual([]);
      await context.close();

      // someone without a session, on a phone-sized screen
      const visitor = await fx.open('it-IT');
      await visitor.page.setViewportSize({ width: 390, height: 844 });
      await visitor.page.goto(url);
      await visitor.page.getByTestId('waveform-chart').and(visitor.page.locator('[data-state="ready"]')).waitFor();
      expect(await visitor.page.getByTestId('shared-metrics').innerText()).toContain(String(run.isoHorizontalA95));
      await visitor.page.screenshot({ path: `${ARTIFACTS}/eocd-operate-it.png` });
      const sig = new URL(url).searchParams.get('sig')!;
      await visitor.page.goto(url.replace(sig, (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)));
      await visitor.page.getByTestId('share-link-invalid').waitFor();
      expect(await visitor.page.getByTestId('shared-run').count()).toBe(0);

      // the elevator's ride-quality page, through its own link
      const elevatorLink = await admin.call(createEocdElevatorShareLink, { params: { id: gw.elevatorId }, body: {} });
      await visitor.page.goto(`${fx.base}${elevatorLink.path}`);
      await visitor.page.getByTestId('shared-elevator').locator('.ant-table-row').first().waitFor();
      await visitor.page.screenshot({ path: `${ARTIFACTS}/eocd-private-it.png` });
      expect(visitor.errors.filter((e) => !/404/.test(e))).toEqual([]);
      await visitor.context.close();
    });
  },
);
