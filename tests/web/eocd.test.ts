import { packSamples, upTopic } from '@liftcloud/client';
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
  },
);
