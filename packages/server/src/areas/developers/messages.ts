import {
  SendMessageBody,
  email,
  mobile,
  renderTemplate,
  sendMessage,
  templatePlaceholders,
  translate,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LooseDB } from '../../store/repository.js';
import { ok } from '../../http/envelope.js';
import { ValidationError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { MESSAGE_STATUS } from '../../services/notifications.js';
import type { AreaDeps } from '../area.js';

/**
 * `sendMessage` (liftctl message send): a template rendered with the values given, to a mobile number (SMS) or an
 * e-mail address (e-mail), as a message record that the message-sends job sends and retries.
 */
export function registerMessageSend(app: FastifyInstance, { store }: AreaDeps): void {
  const db = store.db;
  route(app, sendMessage, async (req) => {
    const caller = callerOf(req);
    const { templateId, target, values = {} } = req.body;
    const template = await (db as unknown as Kysely<LooseDB>)
      .selectFrom('smsTemplates')
      .select('content')
      .where('id', '=', templateId)
      .executeTakeFirst();
    if (!template) throw notFound();
    const kind = target.includes('@') ? 'email' : 'sms';
    if (!(kind === 'email' ? email : mobile).test(target.trim()))
      throw new ValidationError([{ field: 'target', rule: 'rule.messageTarget' }], SendMessageBody);
    const content = String(template.content);
    const missing = templatePlaceholders(content).filter((p) => values[p] === undefined || values[p] === '');
    if (missing.length)
      throw new ValidationError(
        [{ field: 'values', rule: 'rule.templateValues', params: { params: missing.join(', ') } }],
        SendMessageBody,
      );
    const text = renderTemplate(content, values);
    const now = Date.now();
    const row = await db
      .insertInto('messageRecords')
      .values({
        tenantId: caller.tenantId,
        orgId: caller.orgId ?? null,
        userId: caller.userId,
        topic: 'manual',
        referBizNo: `template:${templateId}`,
        type: kind === 'email' ? 3 : 2,
        content: text,
        target: target.trim(),
        sendTime: null,
        status: MESSAGE_STATUS.notSent,
        attempts: 0,
        nextAttemptTime: now,
        lastError: null,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok(
      { id: Number(row.id), type: kind === 'email' ? 3 : 2, content: text },
      translate(req.lang, 'outcome.done'),
    );
  });
}
