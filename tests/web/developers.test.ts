import { WEBHOOK_STATUS } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFirst } from './support/forms.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'developers in the console',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('creates a developer, shows its secret once, lists its deliveries and redelivers one', async () => {
      // /developer is an Operations page of the Chinese console (console-shell.md §2.2)
      const { page, errors } = await fx.openAs('superAdmin', { language: 'zh-CN', path: '/developer' });
      await listState(page, 'list-developer');
      await page.getByTestId('create-button').click();
      const form = page.locator('.ant-modal:visible [data-testid="form-developer"]');
      await form.waitFor();
      await form.locator('#code').fill('WEB-DEV-1');
      await form.locator('#name').fill('Web property system');
      await chooseFirst(page, form, 'status');
      await form.locator('#alarmPushUrl').fill('https://example.com/hooks/alarm');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      // the first secret is issued at once and shown in its own dialog
      const secret = await page.getByTestId('developer-secret').innerText();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}/);
      const row = await fx.server.store.db
        .selectFrom('developers')
        .selectAll()
        .where('code', '=', 'WEB-DEV-1')
        .executeTakeFirstOrThrow();
      expect(row.secretEnc).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(secret.trim());
      await fx.shot(page, 'developer-secret');
      await page.keyboard.press('Escape');

      // a delivery that gave up, as the job leaves one after three days of failures
      const now = Date.now();
      const failed = await fx.server.store.db
        .insertInto('webhookDeliveries')
        .values({
          tenantId: row.tenantId,
          developerId: row.id,
          eventType: 'alarm.raised',
          elevatorId: null,
          eventTime: now,
          msgId: 'msg_web_test_1',
          url: 'https://example.com/hooks/alarm',
          payload: '{"type":"alarm.raised"}',
          status: WEBHOOK_STATUS.failed,
          attempts: 12,
          nextAttemptTime: null,
          lastAttemptTime: now,
          lastStatusCode: 503,
          lastError: null,
          deliveredTime: null,
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await page.getByTestId(`deliveries-${row.id}`).click();
      const log = page.getByTestId('deliveries');
      await log.getByText('msg_web_test_1').waitFor();
      await page.getByTestId(`redeliver-${failed.id}`).click();
      await log.locator('.ant-table-row').nth(1).waitFor();
      const again = await fx.server.store.db
        .selectFrom('webhookDeliveries')
        .selectAll()
        .where('msgId', '=', 'msg_web_test_1')
        .where('id', '!=', failed.id)
        .executeTakeFirstOrThrow();
      expect(again.status).toBe(WEBHOOK_STATUS.pending);
      await fx.shot(page, 'developer-deliveries');
      expect(errors).toEqual([]);
    });
  },
);
