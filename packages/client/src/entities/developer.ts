import { developerStatus, developerType } from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { developerRules } from '../rules/equipment.js';
import { httpUrl, mobile } from '../rules/formats.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, enumOf, ids, readOnly, required, text } from '../schema/fields.js';

const pushUrl = (zh: string, en: string, it: string) => text(L(zh, en, it), { max: 300, rule: httpUrl });
const subscribes = (zh: string, en: string, it: string) => bool(L(zh, en, it));

/**
 * A third party that integrates through the signed open API and webhooks (domain.md §3 Developer, issue 16):
 * every field of the spec. The appKey is made by the server; the appSecret is never a field: it is issued and
 * rotated by `rotateDeveloperSecret`, shown once, and kept encrypted (docs/decisions.md "Developer secrets").
 * What the account may read is its data authority: the use units named here, of its own tenant. Super admin only.
 */
export const developer = defineEntity({
  name: 'developer',
  label: L('开发者', 'Developer', 'Sviluppatore'),
  path: 'developers',
  permission: PERMISSION.superAdmin,
  nameField: 'name',
  fields: {
    code: required(text(L('编号', 'Code', 'Codice'), { max: 50 })),
    name: required(text(L('名称', 'Name', 'Nome'), { max: 100 })),
    appKey: readOnly(text(L('AppKey', 'App key', 'App key'), { max: 40 })),
    contact: text(L('联系人', 'Contact', 'Referente'), { max: 50 }),
    mobile: text(L('手机号', 'Mobile', 'Cellulare'), { max: 11, rule: mobile }),
    address: text(L('地址', 'Address', 'Indirizzo'), { max: 200 }),
    status: required(enumOf(L('状态', 'Status', 'Stato'), developerStatus)),
    auth: text(L('授权', 'Authorisation', 'Autorizzazione'), { max: 200 }),
    type: enumOf(L('类型', 'Type', 'Tipo'), developerType),
    interfaceUrl: pushUrl('接口地址', 'Interface URL', 'URL interfaccia'),
    alarmPushUrl: pushUrl('报警推送地址', 'Alarm push URL', 'URL push allarmi'),
    alarmStatusPushUrl: pushUrl('报警状态推送地址', 'Alarm status push URL', 'URL push stato allarmi'),
    faultPushUrl: pushUrl('故障推送地址', 'Fault push URL', 'URL push guasti'),
    eventPushUrl: pushUrl('事件推送地址', 'Event push URL', 'URL push eventi'),
    terminalStatusPushUrl: pushUrl(
      '物联终端状态推送地址',
      'IoT terminal status push URL',
      'URL push stato terminali IoT',
    ),
    subscribeAlarm: subscribes('订阅报警', 'Subscribe: alarm', 'Sottoscrizione: allarme'),
    subscribeRemoveAlarm: subscribes('订阅解除报警', 'Subscribe: remove alarm', 'Sottoscrizione: rimozione allarme'),
    subscribeRepealAlarm: subscribes('订阅撤销报警', 'Subscribe: repeal alarm', 'Sottoscrizione: revoca allarme'),
    subscribeEvent: subscribes('订阅事件', 'Subscribe: event', 'Sottoscrizione: evento'),
    subscribeFault: subscribes('订阅故障', 'Subscribe: fault', 'Sottoscrizione: guasto'),
    useUnitIds: ids(
      L('数据权限（使用单位）', 'Data authority (use units)', 'Autorità sui dati (unità)'),
      'useUnit',
      500,
    ),
    secretIssueTime: readOnly(datetime(L('密钥签发时间', 'Secret issued', 'Segreto emesso'))),
    previousSecretUntil: readOnly(
      datetime(L('旧密钥有效至', 'Previous secret valid until', 'Segreto precedente valido fino a')),
    ),
    /** When a push URL failing for days was switched off (cleared), and which (services/webhooks.ts). */
    webhookOffTime: readOnly(datetime(L('推送停用时间', 'Push switched off', 'Push disattivato'))),
    webhookOffNote: readOnly(text(L('推送停用说明', 'Push switch-off note', 'Nota disattivazione push'), { max: 500 })),
  },
  filters: { code: 'like', name: 'like', status: 'eq', type: 'eq', appKey: 'eq' },
  unique: ['code'],
  // a patch that leaves code or name out keeps them; one that sends them blank is refused
  refine: (input) =>
    developerRules({
      code: 'code' in input ? input.code : 'kept',
      name: 'name' in input ? input.name : 'kept',
      mobile: input.mobile ?? null,
    }),
});
