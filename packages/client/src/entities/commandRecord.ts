import { PERMISSION } from '../permissions.js';
import { commandState } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, enumOf, readOnly, ref, required, text } from '../schema/fields.js';

/** A command sent down to a gateway and what became of it: executing, success, error or overtime. */
export const commandRecord = defineEntity({
  name: 'commandRecord',
  label: L('远程指令', 'Remote command', 'Comando remoto'),
  path: 'commandRecords',
  permission: PERMISSION.gateways,
  readOnly: true,
  fields: {
    gatewayId: required(ref(L('网关', 'Gateway', 'Gateway'), 'gatewayDevice')),
    dtuCode: readOnly(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    action: required(text(L('指令', 'Command', 'Comando'), { max: 20 })),
    params: text(L('参数', 'Parameters', 'Parametri'), { max: 2000 }),
    state: readOnly(enumOf(L('状态', 'State', 'Stato'), commandState)),
    reply: readOnly(text(L('回复', 'Reply', 'Risposta'), { max: 2000 })),
    operator: readOnly(text(L('操作人', 'Operator', 'Operatore'), { max: 50 })),
    replyTime: readOnly(datetime(L('回复时间', 'Replied', 'Risposto'))),
  },
  filters: { gatewayId: 'eq', dtuCode: 'eq', action: 'eq', state: 'eq' },
});
