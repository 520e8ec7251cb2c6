import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  PUSH_MESSAGE_MAX_LENGTH,
  raiseWorkOrder,
  sendMaintenanceOrder,
  upTopic,
  type LiftCloudClient,
} from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SENDS_JOB } from '../../packages/server/src/jobs/message-sends.js';
import type { SmsMessage, SmsProvider } from '../../packages/server/src/services/sms.js';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { maintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

interface Mail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (the smtp-server package): keeps every message; can refuse the next n. */
async function smtpReceiver() {
  const mails: Mail[] = [];
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          const err = Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 });
          return callback(err);
        }
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    refuse: (n: number) => (refuseNext = n),
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The SMS gateway is the one boundary we cannot run: a provider that records, can fail, and can be held. */
function smsGateway() {
  const sent: SmsMessage[] = [];
  let failNext = 0;
  let hold: Promise<void> | null = null;
  let entered: (() => void) | null = null;
  const provider: SmsProvider = {
    async send(m) {
      entered?.();
      if (hold) await hold;
      if (failNext > 0) {
        failNext--;
        throw new Error('SMS gateway answered 503');
      }
      sent.push(m);
    },
  };
  return {
    provider,
    sent,
    fail: (n: number) => (failNext = n),
    /** The next send waits until the returned release is called; `reached` resolves once a send is waiting. */
    holdNext() {
      let release!: () => void;
      hold = new Promise<void>((r) => (release = r));
      const reached = new Promise<void>((r) => (entered = r));
      return {
        reached,
        release: () => {
          hold = null;
          entered = null;
          release();
        },
      };
    },
  };
}

describe.each(DIALECTS)('notifications on %s', (dialect) => {
  let s: TestServer;
  let second: TestServer;
  let admin: LiftCloudClient;
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
  const sms = smsGateway();
  let device: MqttClient;
  let dtu: string;
  let elevatorId: number;
  let clock = Date.now();
  const run = async (advanceMs = 0, on?: TestServer) => {
    clock = Math.max(clock, Date.now()) + advanceMs;
    return (on ?? s).app.jobs.runNow(MESSAGE_SENDS_JOB, clock);
  };
  const records = (referBizNo: string) =>
    s.store.db.selectFrom('messageRecords').selectAll().where('referBizNo', '=', referBizNo).orderBy('id').execute();
  const user = (name: string) => s.demo.users[name]!;

  beforeAll(async () => {
    smtp = await smtpReceiver();
    const app = { sms: sms.provider, notifications: { smtp: { url: smtp.url, from: 'LiftCloud <noreply@test>' } } };
    s = await startTestServer({ dialect, app });
    second = await startTestServer({ dialect, app, sharedWith: s });
    admin = await s.login('admin');
    const db = s.store.db;
    const { maintenance, property } = s.demo.companies;
    // companyadmin (maintenance company): every way, every topic
    await db
      .updateTable('users')
      .set({ messageSendMethod: 7, smsAlarm: 1, smsRepair: 1, smsMaintenance: 1 })
      .where('id', '=', user('companyadmin'))
      .execute();
    // general (property company): no method set (SMS), alarms only
    await db
      .updateTable('users')
      .set({ messageSendMethod: null, smsAlarm: 1, smsRepair: 1 })
      .where('id', '=', user('general'))
      .execute();
    // qaadmin moved into the maintenance company with every switch off: told nothing
    await db
      .updateTable('users')
      .set({ companyId: maintenance!, messageSendMethod: 7, smsAlarm: 0, smsRepair: 0, smsMaintenance: 0 })
      .where('id', '=', user('qaadmin'))
      .execute();
    // another tenant's user pointed at this tenant's company id: tenant isolation must keep it out
    await db
      .updateTable('users')
      .set({ companyId: maintenance!, messageSendMethod: 7, smsAlarm: 1, smsRepair: 1 })
      .where('id', '=', user('coastal'))
      .execute();
    dtu = dialect === 'sqlite' ? '86200000001' : '86200000002';
    const gw = await provisionGateway(s, admin, dtu, {
      name: `Notice Tower ${dialect}`,
      propertyCompanyId: property!,
    });
    elevatorId = gw.elevatorId;
    device = await connectGateway(s.mqttUrl, gw);
  });
  afterAll(async () => {
    device?.end(true);
    await second?.close();
    await s?.close();
    await smtp?.close();
  });

  const alarm = async (type: number) => {
    await publishQos1(
      device,
      upTopic(dtu, 'alarm'),
      JSON.stringify({ id: randomUUID(), ts: Date.now(), type, floor: 4 }),
    );
    const row = await s.store.db
      .selectFrom('alarmRecords')
      .select(['id', 'workOrderId'])
      .where('dtuCode', '=', dtu)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row;
  };

  it('tells an alarm to the users whose switch is on, by the ways they chose, each send in the records', async () => {
    const a = await alarm(2);
    const queued = await records(`alarm:${a.id}`);
    // companyadmin: push (the record itself, sent), SMS and e-mail (waiting); general: SMS; nobody else
    expect(queued.map((r) => [Number(r.userId), Number(r.type), Number(r.status)]).sort()).toEqual(
      [
        [user('companyadmin'), 1, 1],
        [user('companyadmin'), 2, 0],
        [user('companyadmin'), 3, 0],
        [user('general'), 2, 0],
      ].sort(),
    );
    const push = queued.find((r) => Number(r.type) === 1)!;
    expect(push.target).toBe('companyadmin');
    // the platform's default language: the alarm type's label and the elevator's name in the text
    expect(push.content).toContain(`Notice Tower ${dialect}`);
    expect(push.content).toContain('警铃');
    await run();
    const done = await records(`alarm:${a.id}`);
    expect(done.map((r) => Number(r.status))).toEqual([1, 1, 1, 1]);
    expect(done.every((r) => r.sendTime !== null && r.nextAttemptTime === null)).toBe(true);
    const phones = sms.sent.filter((m) => m.referBizNo === `alarm:${a.id}`).map((m) => m.phone);
    expect(phones.sort()).toEqual(
      done
        .filter((r) => Number(r.type) === 2)
        .map((r) => r.target)
        .sort(),
    );
    const mail = smtp.mails.find((m) => m.raw.includes(`Notice Tower ${dialect}`))!;
    expect(mail.to).toEqual(['companyadmin@liftcloud.example']);
    expect(mail.raw).toMatch(/^Subject: /m);
  });

  it('retries a failed SMS and e-mail by the leased job: failed with its reason, then sent, never twice', async () => {
    sms.fail(1);
    smtp.refuse(1);
    const a = await alarm(2);
    await run();
    let rows = (await records(`alarm:${a.id}`)).filter((r) => Number(r.type) !== 1);
    // one SMS failed (the first tried), the other may have gone; the e-mail was refused
    const failed = rows.filter((r) => Number(r.status) === 2);
    expect(failed.length).toBe(2);
    for (const f of failed) {
      expect(Number(f.attempts)).toBe(1);
      expect(f.lastError).toMatch(/503|451|busy/);
      expect(Number(f.nextAttemptTime)).toBeGreaterThan(clock);
    }
    // not due yet: nothing moves
    await run(1_000);
    expect((await records(`alarm:${a.id}`)).filter((r) => Number(r.status) === 2)).toHaveLength(2);
    await run(31_000);
    rows = (await records(`alarm:${a.id}`)).filter((r) => Number(r.type) !== 1);
    expect(rows.map((r) => Number(r.status))).toEqual([1, 1, 1]);
    expect(failed.map((f) => Number(rows.find((r) => r.id === f.id)!.attempts))).toEqual([2, 2]);
    expect(sms.sent.filter((m) => m.referBizNo === `alarm:${a.id}`)).toHaveLength(2);

    // two instances: the lease lets one run the sends; the other skips, and nothing goes out twice
    const b = await alarm(2);
    const held = sms.holdNext();
    const first = run(0, s);
    await held.reached;
    const other = await run(0, second);
    expect(other.outcome).toBe('skipped');
    held.release();
    expect((await first).outcome).toBe('ok');
    expect(sms.sent.filter((m) => m.referBizNo === `alarm:${b.id}`)).toHaveLength(2);
    expect((await records(`alarm:${b.id}`)).map((r) => Number(r.status))).toEqual([1, 1, 1, 1]);
  });

  it('tells a repair order to its maintenance company and a sent maintenance order to its workers', async () => {
    const order = await admin.call(raiseWorkOrder, {
      body: { elevatorId, repairMethod: 3, type: 1, contactPerson: 'Ms Lee', contactTel: '13800000000' },
    });
    const row = await s.store.db
      .selectFrom('workOrders')
      .select('workOrderNo')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const repair = await records(row.workOrderNo);
    // repairs go to the maintenance company only: companyadmin's three ways, not general (property)
    expect(repair.map((r) => Number(r.userId))).toEqual([
      user('companyadmin'),
      user('companyadmin'),
      user('companyadmin'),
    ]);
    expect(repair.every((r) => r.topic === 'repair' && r.content.includes(row.workOrderNo))).toBe(true);

    const fx = await maintenanceFixture(s, admin, `notify-${dialect}`);
    await s.store.db
      .updateTable('users')
      .set({ smsMaintenance: 1, messageSendMethod: 1 })
      .where('id', '=', fx.workerId)
      .execute();
    const m = await admin.entities.maintenanceOrder.save({
      elevatorId: fx.elevatorId,
      maintenanceTypeId: fx.typeId,
      companyId: fx.companyId,
      worker1Id: fx.workerId,
      planDate: new Date().toISOString().slice(0, 10),
    });
    expect(await records(`maintenance:${m.id}`)).toHaveLength(0);
    await admin.call(sendMaintenanceOrder, { params: { id: m.id } });
    const reminder = await records(`maintenance:${m.id}`);
    expect(reminder.map((r) => [Number(r.userId), Number(r.type), r.topic])).toEqual([[fx.workerId, 1, 'maintenance']]);
  });

  it('keeps a push text within 500 characters and leaves e-mail unsent when no SMTP server is set', async () => {
    const { tenantId } = await s.store.db
      .selectFrom('elevators')
      .select('tenantId')
      .where('id', '=', elevatorId)
      .executeTakeFirstOrThrow();
    await s.store.db
      .insertInto('smsTemplates')
      .values({
        tenantId,
        name: 'alarm',
        content: `${'长'.repeat(460)} {elevator} {type} {floor} {time}`,
        params: 'elevator,type,floor,time',
        createTime: Date.now(),
        updateTime: Date.now(),
      })
      .execute();
    try {
      const a = await alarm(1);
      const rows = await records(`alarm:${a.id}`);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect([...r.content].length).toBeLessThanOrEqual(PUSH_MESSAGE_MAX_LENGTH);
        expect(r.content.startsWith('长长长')).toBe(true);
        expect(r.content.endsWith('…')).toBe(true);
      }
    } finally {
      await s.store.db.deleteFrom('smsTemplates').where('name', '=', 'alarm').execute();
    }
    const bare = await startTestServer({ dialect, app: { sms: sms.provider }, sharedWith: s });
    try {
      const a = await alarm(2);
      await run(0, bare);
      const mail = (await records(`alarm:${a.id}`)).find((r) => Number(r.type) === 3)!;
      expect(Number(mail.status)).toBe(0);
      expect(mail.nextAttemptTime).toBeNull();
      expect(mail.lastError).toContain('SMTP');
    } finally {
      await bare.close();
    }
  });
});
