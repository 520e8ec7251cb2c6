import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/tables.js';

export interface SmsMessage {
  tenantId: number;
  orgId: number | null;
  phone: string;
  text: string;
  referBizNo?: string;
  /**
   * The message record this send is for (a notification, services/notifications.ts): its sender marks it sent or
   * failed, so a provider that records its sends writes no second record.
   */
  recordId?: number;
}

/** Sends a text message; a real gateway adapter implements this the same way. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default provider: the message lands in the outbox (a message record of type SMS, status sent) and a
 * log line, so the demo works with no SMS gateway. Its records hold the code: it is for demos and tests.
 */
export function outboxSmsProvider(db: Kysely<DB>, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(m) {
      if (m.recordId !== undefined) {
        log.info({ messageId: m.recordId }, 'sms of a message record: the record is the outbox');
        return;
      }
      const now = Date.now();
      await db
        .insertInto('messageRecords')
        .values({
          tenantId: m.tenantId,
          orgId: m.orgId,
          referBizNo: m.referBizNo ?? null,
          type: 2,
          content: m.text,
          target: m.phone,
          sendTime: now,
          status: 1,
          createTime: now,
          updateTime: now,
        })
        .execute();
      log.info({ phone: `${m.phone.slice(0, 2)}*****${m.phone.slice(-4)}` }, 'sms written to the outbox');
    },
  };
}
