import { PERMISSION } from '../permissions.js';
import { loginResult, loginType } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, enumOf, required, text } from '../schema/fields.js';

/** One login attempt, kept by the server; read-only to users (817). */
export const loginLog = defineEntity({
  name: 'loginLog',
  label: L('登录日志', 'Login log', 'Registro accessi'),
  path: 'loginLogs',
  permission: PERMISSION.loginLogs,
  readOnly: true,
  fields: {
    userName: required(text(L('用户名', 'Username', 'Nome utente'), { max: 50 })),
    name: text(L('姓名', 'Name', 'Nome'), { max: 50 }),
    loginType: required(enumOf(L('登录方式', 'Login type', 'Tipo di accesso'), loginType)),
    result: required(enumOf(L('结果', 'Result', 'Esito'), loginResult)),
    loginIp: required(text(L('登录IP', 'Login IP', 'IP di accesso'), { max: 64 })),
    loginTime: required(datetime(L('登录时间', 'Login time', 'Ora di accesso'))),
  },
  filters: { userName: 'like', loginType: 'eq', result: 'eq', loginTime: 'range' },
});
