import Type, { type Static } from 'typebox';
import { messageRecord } from '../entities/messageRecord.js';
import { PERMISSION } from '../permissions.js';
import { labelled, named } from './components.js';
import { defineOperation } from './define.js';

/**
 * Sending a message by hand (issue 16, `liftctl message send`): an SMS template rendered with the values given,
 * to one mobile number (SMS) or e-mail address (e-mail). It becomes a message record, not sent, that the
 * message-sends job sends and retries like every notification.
 */
const tags = [messageRecord.name];

export const SendMessageBody = named(
  'SendMessageBody',
  Type.Object(
    {
      templateId: labelled(Type.Integer({ minimum: 1, maximum: 2147483647 }), '短信模板', 'Template', 'Modello'),
      target: labelled(Type.String({ minLength: 1, maxLength: 100 }), '接收方', 'Target', 'Destinatario'),
      /** The template's parameters: every {name} of its content needs one. */
      values: Type.Optional(
        labelled(
          Type.Record(Type.String({ maxLength: 31 }), Type.String({ maxLength: 200 })),
          '参数值',
          'Values',
          'Valori',
        ),
      ),
    },
    { additionalProperties: false },
  ),
);
export type SendMessageBody = Static<typeof SendMessageBody>;

export const SentMessage = named(
  'SentMessage',
  Type.Object({
    /** The message record, status not sent until the job sends it. */
    id: Type.Integer(),
    /** 2 SMS, 3 e-mail (dictionary messageType). */
    type: Type.Integer(),
    content: Type.String(),
  }),
);
export type SentMessage = Static<typeof SentMessage>;

export const sendMessage = defineOperation({
  operationId: 'sendMessage',
  method: 'POST',
  path: `${messageRecord.path}/send`,
  permission: PERMISSION.superAdmin,
  tags,
  summary: 'Send an SMS template, rendered with the values given, to a mobile number or an e-mail address',
  body: SendMessageBody,
  response: SentMessage,
});
