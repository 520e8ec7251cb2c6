import { PERMISSION } from '../permissions.js';
import { webhookStatus } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, enumOf, int, ref, refName, required, text } from '../schema/fields.js';

/**
 * One event to one developer's push URL (issue 16): the durable queue and its log. Written only by the server
 * (services/webhooks.ts); its attempts are listed by `listWebhookAttempts` and it is sent again by
 * `redeliverWebhook`. Super admin only.
 */
export const webhookDelivery = defineEntity({
  name: 'webhookDelivery',
  label: L('推送记录', 'Webhook delivery', 'Consegna webhook'),
  path: 'webhookDeliveries',
  permission: PERMISSION.superAdmin,
  readOnly: true,
  fields: {
    developerId: required(ref(L('开发者', 'Developer', 'Sviluppatore'), 'developer')),
    developerName: refName(L('开发者名称', 'Developer name', 'Nome sviluppatore'), 'developerId'),
    eventType: required(text(L('事件类型', 'Event type', 'Tipo evento'), { max: 30 })),
    elevatorId: ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator'),
    eventTime: required(datetime(L('事件时间', 'Event time', 'Ora evento'))),
    msgId: required(text(L('消息ID', 'Message id', 'Id messaggio'), { max: 64 })),
    url: required(text(L('推送地址', 'URL', 'URL'), { max: 300 })),
    payload: required(text(L('内容', 'Payload', 'Contenuto'), { max: 4000 })),
    status: required(enumOf(L('状态', 'Status', 'Stato'), webhookStatus)),
    attempts: required(int(L('尝试次数', 'Attempts', 'Tentativi'), { min: 0 })),
    nextAttemptTime: datetime(L('下次尝试', 'Next attempt', 'Prossimo tentativo')),
    lastAttemptTime: datetime(L('最近尝试', 'Last attempt', 'Ultimo tentativo')),
    lastStatusCode: int(L('最近状态码', 'Last HTTP status', 'Ultimo stato HTTP')),
    lastError: text(L('最近错误', 'Last error', 'Ultimo errore'), { max: 200 }),
    deliveredTime: datetime(L('送达时间', 'Delivered', 'Consegnato')),
  },
  filters: { developerId: 'eq', status: 'eq', eventType: 'eq', elevatorId: 'eq', eventTime: 'range' },
});
