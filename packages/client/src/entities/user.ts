import { PERMISSION } from '../permissions.js';
import { userType } from '../enums.js';
import { RESERVED_USERNAMES } from '../constants.js';
import { defineEntity, type Issue } from '../schema/entity.js';
import {
  L,
  bool,
  datetime,
  enumOf,
  ids,
  int,
  readOnly,
  ref,
  refName,
  required,
  secret,
  text,
} from '../schema/fields.js';
import { email, mobile, password, username } from '../rules/formats.js';

/** A person who logs in. Passwords are write-once here; changes go through account and reset calls. */
export const user = defineEntity({
  name: 'user',
  label: L('用户', 'User', 'Utente'),
  path: 'users',
  permission: PERMISSION.users,
  fields: {
    username: required(text(L('用户名', 'Username', 'Nome utente'), { max: 25, rule: username })),
    password: required(secret(L('密码', 'Password', 'Password'), password)),
    name: required(text(L('姓名', 'Name', 'Nome'), { max: 50 })),
    phone: required(text(L('手机号', 'Phone', 'Telefono'), { max: 11, rule: mobile })),
    mail: text(L('邮箱', 'E-mail', 'E-mail'), { max: 100, rule: email }),
    userType: required(enumOf(L('用户类型', 'User type', 'Tipo utente'), userType)),
    companyId: ref(L('所属企业', 'Company', 'Azienda'), 'company'),
    companyName: refName(L('企业名称', 'Company name', 'Nome azienda'), 'companyId'),
    roleIds: required(ids(L('角色', 'Roles', 'Ruoli'), 'role', 50)),
    branch: text(L('分公司', 'Branch', 'Filiale'), { max: 100 }),
    area: text(L('区域', 'Area', 'Area'), { max: 100 }),
    serviceStation: text(L('服务站', 'Service station', 'Stazione di servizio'), { max: 100 }),
    maintainer: required(bool(L('是否维保人员', 'Maintainer', 'Manutentore'))),
    messageSendMethod: int(L('消息发送方式', 'Message send method', 'Metodo di invio messaggi'), { min: 0, max: 7 }),
    smsRepair: bool(L('急修短信', 'Repair SMS', 'SMS riparazione')),
    smsAlarm: bool(L('报警短信', 'Alarm SMS', 'SMS allarme')),
    smsMaintenance: bool(L('维保短信', 'Maintenance SMS', 'SMS manutenzione')),
    canChangePassword: bool(L('允许修改密码', 'Can change password', 'Può cambiare password')),
    locked: readOnly(bool(L('已锁定', 'Locked', 'Bloccato'))),
    lastLoginTime: readOnly(datetime(L('最后登录时间', 'Last login', 'Ultimo accesso'))),
    tenantId: readOnly(ref(L('租户', 'Tenant', 'Tenant'), 'tenant')),
  },
  filters: { username: 'like', name: 'like', phone: 'eq', userType: 'eq', companyId: 'eq', locked: 'eq' },
  unique: ['username'],
  refine(input) {
    const issues: Issue[] = [];
    if (typeof input.username === 'string' && (RESERVED_USERNAMES as readonly string[]).includes(input.username))
      issues.push({ field: 'username', rule: 'validation.reservedUsername' });
    return issues;
  },
});
