import { PERMISSION } from '../permissions.js';
import { connectionState } from '../enums.js';
import { dtu } from '../rules/formats.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, enumOf, int, num, readOnly, ref, refName, required, text } from '../schema/fields.js';

const t = (zh: string, en: string, it: string, max = 50) => text(L(zh, en, it), { max });

/** A gateway (DTU) that reports an elevator's state: domain.md §3 Gateway device and its detail. Index 9. */
export const gatewayDevice = defineEntity({
  name: 'gatewayDevice',
  label: L('网关设备', 'Gateway', 'Gateway'),
  path: 'gatewayDevices',
  permission: PERMISSION.gateways,
  nameField: 'dtuCode',
  fields: {
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11, rule: dtu })),
    ip: t('IP地址', 'IP address', 'Indirizzo IP', 45),
    deviceModel: t('设备型号', 'Device model', 'Modello dispositivo'),
    signalType: t('信号类型', 'Signal type', 'Tipo di segnale', 20),
    signalStrength: int(L('信号强度', 'Signal strength', 'Intensità del segnale'), { min: -150, max: 100 }),
    simCode: t('SIM卡号', 'SIM number', 'Numero SIM', 20),
    iccid: t('ICCID', 'ICCID', 'ICCID', 22),
    softVer: t('软件版本', 'Software version', 'Versione software', 30),
    hardVer: t('硬件版本', 'Hardware version', 'Versione hardware', 30),
    boardHardVer: t('主板硬件版本', 'Board hardware version', 'Versione hardware scheda', 30),
    elevatorId: ref(L('绑定电梯', 'Bound elevator', 'Ascensore collegato'), 'elevator'),
    elevatorName: refName(L('电梯名称', 'Elevator name', 'Nome ascensore'), 'elevatorId'),
    bindState: readOnly(bool(L('已绑定', 'Bound', 'Collegato'))),
    temperature: num(L('温度(℃)', 'Temperature (°C)', 'Temperatura (°C)'), { min: -60, max: 150 }),
    devicePower: num(L('设备电量', 'Device power', 'Alimentazione'), { min: 0, max: 1000 }),
    linkStatus: readOnly(enumOf(L('连接状态', 'Connection state', 'Stato connessione'), connectionState)),
    blackStatus: readOnly(bool(L('黑名单', 'Blacklisted', 'In blacklist'))),
    dtuStatus: readOnly(bool(L('在线', 'Online', 'Online'))),
    expirationTime: datetime(L('到期时间', 'Expires', 'Scadenza')),
    lastReportTime: readOnly(datetime(L('最后上报时间', 'Last report', 'Ultimo rapporto'))),
    protocols: t('支持协议', 'Supported protocols', 'Protocolli supportati', 200),
    motorType: t('电机类型', 'Motor type', 'Tipo di motore', 30),
    polePairs: int(L('极对数', 'Pole pairs', 'Coppie polari'), { min: 0, max: 100 }),
    doorTypes: t('门类型', 'Door types', 'Tipi di porta', 100),
    elevatorSpeed: num(L('电梯速度(m/s)', 'Elevator speed (m/s)', 'Velocità ascensore (m/s)'), { min: 0, max: 30 }),
    // device detail
    nodeNo: t('节点号', 'Node number', 'Numero nodo', 20),
    onlineNodes: int(L('在线节点数', 'Online nodes', 'Nodi online'), { min: 0, max: 1000 }),
    port: int(L('端口', 'Port', 'Porta'), { min: 0, max: 65535 }),
    apnName: t('APN名称', 'APN name', 'Nome APN', 100),
    apnUser: t('APN用户名', 'APN user name', 'Utente APN', 100),
    intercomServer: t('对讲服务器地址', 'Intercom server', 'Server citofono', 200),
    intercomNumbers: t('呼叫号码', 'Call numbers', 'Numeri di chiamata', 200),
    dutyRoom: t('值班室', 'Duty room', 'Sala di guardia', 100),
    intercomVolume: int(L('音量', 'Volume', 'Volume'), { min: 0, max: 100 }),
    sipAccount: t('SIP账号', 'SIP account', 'Account SIP', 100),
    intercomFilter: bool(L('对讲过滤', 'Intercom filter', 'Filtro citofono')),
    // set from the gateway's heartbeat (inCall), read-only to users
    inCall: readOnly(bool(L('通话中', 'In call', 'In chiamata'))),
  },
  filters: { dtuCode: 'eq', elevatorId: 'eq', deviceModel: 'like', softVer: 'eq', iccid: 'eq', dtuStatus: 'eq' },
  unique: ['dtuCode'],
});
