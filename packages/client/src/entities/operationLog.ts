import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { operationText } from './operation-text.js';
import { L, datetime, required, text } from '../schema/fields.js';

/** Every write through the API: who, when and what. Kept by the server; read-only to users (818). */
export const operationLog = defineEntity({
  name: 'operationLog',
  label: L('操作日志', 'Operation log', 'Registro operazioni'),
  path: 'operationLogs',
  permission: PERMISSION.operationLogs,
  readOnly: true,
  fields: {
    userName: required(text(L('用户名', 'Username', 'Nome utente'), { max: 50 })),
    // read as a sentence in the reader's language, made from the method, path and what the server noted
    operateContent: { ...required(text(L('操作内容', 'Operation', 'Operazione'), { max: 1000 })), show: operationText },
    method: required(text(L('请求方法', 'Method', 'Metodo'), { max: 10 })),
    path: required(text(L('请求路径', 'Path', 'Percorso'), { max: 300 })),
    operateTime: required(datetime(L('操作时间', 'Operation time', 'Ora operazione'))),
  },
  filters: { userName: 'like', operateContent: 'like', operateTime: 'range' },
});
