import { PERMISSION } from '../permissions.js';
import { messageStatus, messageType } from '../enums.js';
import { PUSH_MESSAGE_MAX_LENGTH } from '../constants.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, enumOf, required, text } from '../schema/fields.js';

/** The outbox: every SMS, e-mail and push goes through a record here before a provider sends it. */
export const messageRecord = defineEntity({
  name: 'messageRecord',
  label: L('消息记录', 'Message record', 'Registro messaggi'),
  path: 'messageRecords',
  permission: PERMISSION.messageRecords,
  readOnly: true,
  fields: {
    referBizNo: text(L('关联业务号', 'Business reference', 'Riferimento'), { max: 50 }),
    type: required(enumOf(L('消息类型', 'Type', 'Tipo'), messageType)),
    content: required(text(L('内容', 'Content', 'Contenuto'), { max: PUSH_MESSAGE_MAX_LENGTH })),
    target: required(text(L('接收方', 'Target', 'Destinatario'), { max: 100 })),
    sendTime: datetime(L('发送时间', 'Send time', 'Ora di invio')),
    status: required(enumOf(L('状态', 'Status', 'Stato'), messageStatus)),
  },
  filters: { type: 'eq', status: 'eq', target: 'like', referBizNo: 'eq', sendTime: 'range' },
});
