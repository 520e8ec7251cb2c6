import { uploadOtaProgramFile, OTA_BURN } from '@liftcloud/client';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDemoFleet, type FleetMember } from '../../packages/server/src/seed/demo-fleet.js';
import { SimulatedGateway } from '../../packages/simulator/src/index.js';
import {
  chromiumMissing,
  liveOpen,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

/**
 * Issue 15 in the console: apply for burns on /otaProgram, approve on /otaApply, burn a simulated gateway on
 * /otaBurn and watch its progress move on the live channel until it is burned (the transfer over the real broker).
 */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'OTA apply, approve and burn in the console',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    let gateway: SimulatedGateway;
    let member: FleetMember;
    let programId = 0;
    beforeAll(async () => {
      fx = await startConsole({ app: { ota: { pollMs: 200, ackTimeoutMs: 2_000 } } });
      const admin = await fx.server.login('admin');
      const p = await admin.entities.otaProgram.save({
        programName: 'Cabin controller',
        version: '4.2',
        count: 3,
        isEffective: 1,
        ownedCompanyId: fx.server.demo.companies.manufacturer,
      });
      programId = p.id;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(randomBytes(640 * 1024))]), 'cabin.bin');
      await admin.call(uploadOtaProgramFile, { params: { id: p.id }, body: form });
      [member] = await provisionDemoFleet(fx.server.store.db, 1);
      // a gateway that acknowledges slowly, so the transfer takes seconds and its progress shows on the way
      gateway = new SimulatedGateway({
        mqttUrl: fx.server.mqttUrl,
        ...member!,
        floors: 10,
        faultChance: 0,
        trappedChance: 0,
        ota: { slowAckMs: 400 },
      });
      await gateway.connect();
      // a console, a seeded server, a fleet member and a gateway: past the 60 s hook default on a loaded machine
    }, BROWSER_TEST_TIMEOUT * 2);
    afterAll(async () => {
      await gateway?.close();
      await fx?.close();
    });

    it('applies, approves, burns a gateway and shows its progress until burned', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/otaProgram' });
      await page.getByTestId(`ota-apply-${programId}`).click();
      await page.getByTestId('ota-apply-count').fill('2');
      await page.locator('.ant-modal').getByRole('button', { name: 'Apply' }).click();
      await page.locator('.ant-modal').waitFor({ state: 'hidden' });

      const admin = await fx.server.login('admin');
      const [application] = (await admin.entities.otaApplication.list({ programId })).records;
      expect(application).toMatchObject({ applyNumber: 2, approvalStatus: 1 });

      await page.goto(`${fx.base}/otaApply`);
      await page.getByTestId(`ota-approve-${application!.id}`).click();
      // the approver names when the quota lapses: 30 days on unless changed
      const end = page.getByTestId('ota-approve-end').locator('input');
      const proposed = Date.parse((await end.inputValue()).replace(' ', 'T'));
      expect(Math.round((proposed - Date.now()) / 86_400_000)).toBe(30);
      await end.fill('2030-01-01 12:00:00');
      await end.press('Enter');
      await fx.shot(page, 'ota-approve-end-en-US');
      await page.locator('.ant-modal:visible').getByRole('button', { name: 'Approve' }).click();
      await expect.poll(async () => (await admin.entities.otaApplication.get(application!.id)).approvalStatus).toBe(2);
      expect((await admin.entities.otaApplication.get(application!.id)).endTime).toMatch(/^2030-01-01 /);

      await page.goto(`${fx.base}/otaBurn`);
      await liveOpen(page);
      await page.getByTestId('ota-burn-program').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Cabin controller' })
        .click();
      await page.getByTestId('ota-burn-dtus').locator('input').fill(member.dtu);
      await page.getByTestId('ota-burn-dtus').locator('input').press('Enter');
      await page.getByTestId('ota-burn-start').click();

      const state = page.getByTestId(`ota-burn-state-${member.dtu}`);
      const row = page.locator('.ant-table-row', { has: state });
      const percent = async () => Number(/(\d+)%/.exec(await row.innerText())?.[1] ?? -1);
      // on the way: transferring with a share between 1 and 99, from the live frames
      const seen: string[] = [];
      await expect
        .poll(async () => {
          seen.push(`${await state.innerText()} ${await percent()}`);
          return seen.some((v) => /^Transferring ([1-9]|[1-9]\d)$/.test(v)) || seen.at(-1)!.startsWith('Burned');
        })
        .toBe(true);
      expect(seen.filter((v) => v.startsWith('Transferring'))).toContainEqual(expect.stringMatching(/ [1-9]\d?$/));
      await fx.shot(page, 'ota-burn-progress-en-US');
      // then burned, the gateway having verified the file
      await expect.poll(() => state.innerText(), { timeout: 60_000 }).toBe('Burned');
      expect(gateway.ota.outcomes.map((o) => o.ok)).toEqual([true]);
      const [burn] = (await admin.entities.otaBurn.list({ programId })).records;
      expect(burn).toMatchObject({ state: OTA_BURN.burned, progress: 100 });
      expect((await admin.entities.otaProgram.get(programId)).burningTimes).toBe(1);
      await fx.shot(page, 'ota-burn-done-en-US');

      // a gateway that is not connected: its burn waits, and the page says why
      const offline = '79900000077';
      await admin.entities.gatewayDevice.save({ dtuCode: offline });
      await page.getByTestId('ota-burn-dtus').locator('input').fill(offline);
      await page.getByTestId('ota-burn-dtus').locator('input').press('Enter');
      await page.getByTestId('ota-burn-start').click();
      expect(await page.getByTestId(`ota-burn-offline-${offline}`).innerText()).toBe(
        'Gateway offline: the burn starts when it connects (waits up to 24 h)',
      );
      expect(await page.getByTestId(`ota-burn-state-${offline}`).innerText()).toBe('Waiting');
      expect(await page.getByTestId(`ota-burn-offline-${member.dtu}`).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
