import { PERMISSION } from '../permissions.js';
import { LENGTHS } from '../constants.js';
import { cameraUpgradeStatus } from '../enums.js';
import { screenPassword } from '../rules/formats.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, enumOf, readOnly, ref, required, text } from '../schema/fields.js';

/** A program card: what a smart screen plays, programs in order (images and videos uploaded separately). */
export const programCard = defineEntity({
  name: 'programCard',
  label: L('节目单', 'Program card', 'Palinsesto'),
  path: 'programCards',
  permission: PERMISSION.smartDevices,
  fields: {
    name: required(text(L('节目单名称', 'Name', 'Nome'), { max: 100 })),
    notice: text(L('通知', 'Notice', 'Avviso'), { max: 500 }),
    note: text(L('备注', 'Note', 'Nota'), { max: 500 }),
    companyId: ref(L('所属企业', 'Company', 'Azienda'), 'company'),
    /** JSON list of {order, kind: image|video, url}. */
    programs: text(L('节目', 'Programs', 'Programmi'), { max: 20_000 }),
  },
  filters: { name: 'like', companyId: 'eq' },
});

/** A smart screen in a car: MAC exactly 17 characters and unique; password 6 to 20 letters and digits. */
export const smartScreen = defineEntity({
  name: 'smartScreen',
  label: L('智能屏', 'Smart screen', 'Schermo smart'),
  path: 'smartScreens',
  permission: PERMISSION.smartDevices,
  fields: {
    mac: required(text(L('MAC地址', 'MAC address', 'Indirizzo MAC'), { max: LENGTHS.mac, length: LENGTHS.mac })),
    password: required(text(L('密码', 'Password', 'Password'), { max: 20, rule: screenPassword })),
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    programCardId: required(ref(L('节目单', 'Program list', 'Palinsesto'), 'programCard')),
    area: required(text(L('区域', 'Area', 'Area'), { max: 100 })),
    heartbeatTime: readOnly(datetime(L('心跳时间', 'Heartbeat', 'Battito'))),
    online: readOnly(bool(L('在线', 'Online', 'Online'))),
  },
  filters: { mac: 'eq', elevatorId: 'eq', area: 'like' },
  unique: ['mac'],
});

/** A TP-link camera bound to an elevator. */
export const camera = defineEntity({
  name: 'camera',
  label: L('摄像头', 'Camera', 'Telecamera'),
  path: 'cameras',
  permission: PERMISSION.smartDevices,
  fields: {
    alias: text(L('别名', 'Alias', 'Alias'), { max: 50 }),
    name: required(text(L('名称', 'Name', 'Nome'), { max: 100 })),
    deviceStatus: readOnly(bool(L('在线', 'Online', 'Online'))),
    elevatorId: ref(L('绑定电梯', 'Bound elevator', 'Ascensore collegato'), 'elevator'),
    type: text(L('类型', 'Type', 'Tipo'), { max: 50 }),
    model: text(L('型号', 'Model', 'Modello'), { max: 50 }),
    mac: required(text(L('MAC地址', 'MAC address', 'Indirizzo MAC'), { max: LENGTHS.mac, length: LENGTHS.mac })),
    alarmUrl: text(L('报警转发地址', 'Alarm forwarding URL', 'URL inoltro allarmi'), { max: 300 }),
    upgradeStatus: readOnly(enumOf(L('升级状态', 'Upgrade status', 'Stato aggiornamento'), cameraUpgradeStatus)),
  },
  filters: { name: 'like', mac: 'eq', elevatorId: 'eq' },
  unique: ['mac'],
});
