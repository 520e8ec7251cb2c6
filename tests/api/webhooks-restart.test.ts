import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVELOPER_STATUS, WEBHOOK_STATUS } from '@liftcloud/client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../packages/server/src/app.js';
import { openStore } from '../../packages/server/src/db/database.js';
import { WEBHOOK_DELIVERIES_JOB } from '../../packages/server/src/jobs/webhook-deliveries.js';
import { seedDemo } from '../../packages/server/src/seed/demo.js';
import { SecretBox } from '../../packages/server/src/services/developers.js';
import { keyFromFile } from '../../packages/server/src/services/share-links.js';
import { enqueueWebhooks } from '../../packages/server/src/services/webhooks.js';
import type { LooseKysely } from '../../packages/server/src/store/repository.js';
import { DIALECTS, pgSchemaUrl } from '../support/server.js';

const PENDING = 300;

/** The queue lives in the store: deliveries queued by one server instance are sent by the next one. */
describe.each(DIALECTS)('webhook queue across a restart on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-hooks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`sends all ${PENDING} deliveries queued before the restart, each once, in order per elevator`, async () => {
    const seen: string[] = [];
    const rx = createServer((req, res) => {
      seen.push(String(req.headers['webhook-id']));
      req.resume();
      res.statusCode = 200;
      res.end();
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;
    const pg = dialect === 'postgres' ? await pgSchemaUrl() : null;
    const sqliteFile = join(dir, `${dialect}.db`);
    const options = {
      uploadDir: join(dir, 'uploads'),
      jobs: { timer: false },
      webhooks: { targets: 'loopback' as const },
      developers: { secretKeyFile: join(dir, 'developer-secret.key') },
    };

    // first instance: a developer of two elevators, and deliveries queued but never sent
    let store = openStore({ databaseUrl: pg?.url, sqliteFile });
    let app = await buildApp({ store, ...options });
    const demo = (await seedDemo(store))!;
    const db = store.db as unknown as LooseKysely;
    const now = Date.now();
    const unit = await db
      .selectFrom('useUnits')
      .select('id')
      .where('tenantId', '=', demo.tenants.demo)
      .executeTakeFirstOrThrow();
    const lifts: number[] = [];
    for (const name of ['Restart A', 'Restart B'])
      lifts.push(
        Number(
          (
            await db
              .insertInto('elevators')
              .values({
                tenantId: demo.tenants.demo,
                orgId: demo.companies.demoRoot,
                name,
                elevatorType: 1,
                useStatus: 1,
                useUnitId: unit.id,
                createTime: now,
                updateTime: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    const dev = await db
      .insertInto('developers')
      .values({
        tenantId: demo.tenants.demo,
        code: 'R1',
        name: 'Restart',
        appKey: 'ak_restart',
        status: DEVELOPER_STATUS.active,
        alarmPushUrl: url,
        subscribeAlarm: 1,
        secretEnc: null,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('developerUseUnits').values({ developerId: dev.id, useUnitId: unit.id }).execute();
    // the secret is sealed by the first instance's key
    const box = new SecretBox(keyFromFile(options.developers.secretKeyFile));
    await db
      .updateTable('developers')
      .set({ secretEnc: box.seal('c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I') })
      .where('id', '=', dev.id)
      .execute();
    for (let i = 0; i < PENDING; i++)
      await enqueueWebhooks(db, {
        type: 'alarm.raised',
        tenantId: demo.tenants.demo,
        elevatorId: lifts[i % 2]!,
        time: now + i,
        data: { i },
      });
    const queued = await db.selectFrom('webhookDeliveries').select(['msgId', 'elevatorId']).orderBy('id').execute();
    expect(queued).toHaveLength(PENDING);
    await app.close();
    await store.close();

    // second instance over the same store: everything queued goes out
    store = openStore({ databaseUrl: pg?.url, sqliteFile });
    app = await buildApp({ store, ...options });
    await app.jobs.runNow(WEBHOOK_DELIVERIES_JOB, Date.now() + 1000);
    const left = await (store.db as unknown as LooseKysely)
      .selectFrom('webhookDeliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '!=', WEBHOOK_STATUS.delivered)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect(seen).toHaveLength(PENDING);
    expect(new Set(seen).size).toBe(PENDING);
    for (const lift of lifts) {
      const order = queued.filter((q) => Number(q.elevatorId) === lift).map((q) => String(q.msgId));
      expect(seen.filter((id) => order.includes(id))).toEqual(order);
    }
    await app.close();
    await store.close();
    await pg?.drop();
    await new Promise<void>((r) => rx.close(() => r()));
  });
});
