import {
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  NOTIFY_RETRY,
  NOTIFY_SWITCH,
  alarmType,
  enumLabel,
  clipPushText,
  formatDateTime,
  notifyMethods,
  renderTemplate,
  translate,
  type Language,
  type NotifyTopic,
} from '@liftcloud/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { MailTransport } from './mail.js';
import type { SmsProvider } from './sms.js';

type Trx = Transaction<LooseDB> | Kysely<LooseDB>;

/** Message record types and states (client enums messageType, messageStatus). */
const TYPE = { push: 1, sms: 2, email: 3 } as const;
export const MESSAGE_STATUS = { notSent: 0, sent: 1, failed: 2 } as const;
const TOPICS: readonly NotifyTopic[] = ['alarm', 'repair', 'maintenance'];

export interface Notice {
  topic: NotifyTopic;
  tenantId: number;
  elevatorId: number;
  /** The business number the records refer to (alarm id, repair order number, maintenance order id). */
  referBizNo: string;
  /** Values for the text ({type}, {floor}, {time}, {orderNo}, {planDate}); the elevator's name and address are added. */
  values: Record<string, string | number | null | undefined>;
  /** The users it is for by id (a maintenance order's workers); otherwise the companies of the elevator. */
  userIds?: number[];
}

/**
 * Write the message records of a notice inside the transaction that stores what it tells of (as webhooks are
 * queued): the users of the elevator's maintenance company (and, for an alarm, its property company) whose
 * switch for the topic is on, or the users named; one record per way their message-send method chooses. An app
 * push is the record itself (sent); an SMS or an e-mail waits, not sent, for the message-sends job.
 */
export async function enqueueNotifications(
  trx: Trx,
  notice: Notice,
  now: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<number> {
  const lift = await trx
    .selectFrom('elevators')
    .select(['orgId', 'name', 'address', 'maintenanceCompanyId', 'propertyCompanyId'])
    .where('id', '=', notice.elevatorId)
    .where('tenantId', '=', notice.tenantId)
    .executeTakeFirst();
  if (!lift) return 0;
  const companies = [lift.maintenanceCompanyId, ...(notice.topic === 'alarm' ? [lift.propertyCompanyId] : [])].filter(
    (c): c is number => c !== null && c !== undefined,
  );
  const userIds = notice.userIds?.filter((id) => id !== null && id !== undefined);
  if (userIds ? !userIds.length : !companies.length) return 0;
  const users = await trx
    .selectFrom('users')
    .select(['id', 'username', 'phone', 'mail', 'messageSendMethod'])
    .where('tenantId', '=', notice.tenantId)
    .where('locked', '=', 0)
    .where(NOTIFY_SWITCH[notice.topic], '=', 1)
    .where(userIds ? 'id' : 'companyId', 'in', userIds ?? companies)
    .orderBy('id')
    .execute();
  if (!users.length) return 0;
  const values: Record<string, string | number | null | undefined> = {
    elevator: lift.name,
    address: lift.address ?? '',
    ...notice.values,
  };
  // an alarm's or a repair order's type is an alarm type code: its label in the text's language
  if (typeof notice.values.type === 'number') values.type = enumLabel(alarmType, notice.values.type, language);
  const template = await trx
    .selectFrom('smsTemplates')
    .select('content')
    .where('name', '=', notice.topic)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const text = clipPushText(
    template
      ? renderTemplate(String(template.content), values)
      : translate(language, `notify.${notice.topic}`, values as Record<string, string | number>),
  );
  const rows = [];
  for (const u of users)
    for (const way of notifyMethods(u.messageSendMethod === null ? null : Number(u.messageSendMethod))) {
      const target = way === 'push' ? u.username : way === 'sms' ? u.phone : u.mail;
      if (!target) continue;
      const push = way === 'push';
      rows.push({
        tenantId: notice.tenantId,
        orgId: lift.orgId ?? null,
        userId: Number(u.id),
        topic: notice.topic,
        referBizNo: notice.referBizNo.slice(0, 50),
        type: TYPE[way],
        content: text,
        target: String(target).slice(0, 100),
        sendTime: push ? now : null,
        status: push ? MESSAGE_STATUS.sent : MESSAGE_STATUS.notSent,
        attempts: push ? 1 : 0,
        nextAttemptTime: push ? null : now,
        lastError: null,
        createTime: now,
        updateTime: now,
      });
    }
  if (rows.length) await trx.insertInto('messageRecords').values(rows).execute();
  return rows.length;
}

/** The values of a time in a notice's text. */
export const noticeTime = (ms: number): string => formatDateTime(ms, DEFAULT_TIME_ZONE);

/** The wait before the next try after `attempts` failed ones: 30 s doubling, at most an hour. */
export const notifyBackoffMs = (attempts: number): number =>
  Math.min(NOTIFY_RETRY.firstBackoffMs * 2 ** Math.max(0, attempts - 1), NOTIFY_RETRY.maxBackoffMs);

/**
 * Sends the SMS and e-mail records that are due (not sent yet, or failed and due again): SMS through the provider
 * interface, e-mail over SMTP. The outcome is written by an UPDATE guarded by the attempts read, so a run taken over
 * after a lapsed lease never counts a try twice. With no SMTP server configured an e-mail stays "not sent".
 */
export class NotificationSender {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sms: SmsProvider,
    private readonly mail: MailTransport | null,
    private readonly log: FastifyBaseLogger,
    private readonly language: Language = DEFAULT_LANGUAGE,
  ) {}

  async sendDue(now: number, signal?: AbortSignal): Promise<number> {
    let sent = 0;
    for (;;) {
      signal?.throwIfAborted();
      const due = await this.db
        .selectFrom('messageRecords')
        .select(['id', 'tenantId', 'orgId', 'type', 'topic', 'content', 'target', 'referBizNo', 'attempts'])
        .where('nextAttemptTime', '<=', now)
        .orderBy('nextAttemptTime')
        .orderBy('id')
        .limit(200)
        .execute();
      if (!due.length) return sent;
      for (let i = 0; i < due.length; i += 8)
        await Promise.all(due.slice(i, i + 8).map(async (m) => (sent += (await this.attempt(m, now)) ? 1 : 0)));
      if (due.length < 200) return sent;
    }
  }

  private async attempt(
    m: {
      id: number;
      tenantId: number;
      orgId: number | null;
      type: number;
      topic?: string | null;
      content: string;
      target: string;
      referBizNo: string | null;
      attempts: number;
    },
    now: number,
  ): Promise<boolean> {
    let error: string | null = null;
    let notSent = false;
    try {
      if (Number(m.type) === TYPE.sms)
        await this.sms.send({
          tenantId: Number(m.tenantId),
          orgId: m.orgId === null ? null : Number(m.orgId),
          phone: m.target,
          text: m.content,
          referBizNo: m.referBizNo ?? undefined,
          recordId: Number(m.id),
        });
      else if (Number(m.type) === TYPE.email) {
        if (!this.mail) notSent = true;
        else {
          const topic = TOPICS.includes(m.topic as NotifyTopic) ? (m.topic as NotifyTopic) : 'manual';
          await this.mail.send({
            to: m.target,
            subject: translate(this.language, `notify.subject.${topic}`),
            text: m.content,
          });
        }
      }
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 200) || 'send failed';
    }
    const attempts = Number(m.attempts) + (notSent ? 0 : 1);
    const ok = !error && !notSent;
    const retry = !!error && attempts < NOTIFY_RETRY.maxAttempts;
    const moved = await this.db
      .updateTable('messageRecords')
      .set({
        status: ok ? MESSAGE_STATUS.sent : notSent ? MESSAGE_STATUS.notSent : MESSAGE_STATUS.failed,
        sendTime: ok ? now : null,
        attempts,
        nextAttemptTime: retry ? now + notifyBackoffMs(attempts) : null,
        lastError: notSent ? 'no SMTP server is configured (SMTP_URL)' : error,
        updateTime: now,
      })
      .where('id', '=', m.id)
      .where('attempts', '=', m.attempts)
      .executeTakeFirst();
    if (error) this.log.warn({ messageId: m.id, attempts, error }, 'notification send failed');
    return ok && Number(moved.numUpdatedRows) === 1;
  }
}
