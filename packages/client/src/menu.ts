import type { Localized } from './i18n/languages.js';
import { L } from './schema/fields.js';

/**
 * The sidebar of console-shell.md §2.2 as data: the web console draws it, the role screen builds its
 * permission tree from it, and the server takes its permission indexes from the same numbers.
 */
export interface MenuItem {
  key: string;
  path: string;
  label: Localized;
  /** -1: any logged-in user. A list: any one of them (any-of). */
  index: number | readonly number[];
  chinaOnly?: boolean;
  superAdminOnly?: boolean;
  /** Shown only on the site named G-Cloud elevator cloud. */
  onlyStep?: boolean;
  /** Hidden on the site named G-Cloud elevator cloud. */
  hiddenOnGCloud?: boolean;
  /** Opens in a new page (monitor center, kanban). */
  newPage?: boolean;
}

export interface MenuGroup {
  key: string;
  label: Localized;
  chinaOnly?: boolean;
  superAdminOnly?: boolean;
  children: readonly MenuItem[];
}

const item = (path: string, index: MenuItem['index'], label: Localized, extra: Partial<MenuItem> = {}): MenuItem => ({
  key: path,
  path,
  index,
  label,
  ...extra,
});
const china = { chinaOnly: true } as const;

const REGIONS: [string, number, Localized][] = [
  ['shanghai', 42, L('上海', 'Shanghai', 'Shanghai')],
  ['hubei', 63, L('湖北', 'Hubei', 'Hubei')],
  ['chongqing', 48, L('重庆', 'Chongqing', 'Chongqing')],
  ['guangzhou', 62, L('广州', 'Guangzhou', 'Guangzhou')],
  ['liaoning', 51, L('辽宁', 'Liaoning', 'Liaoning')],
  ['shenyang', 49, L('沈阳', 'Shenyang', 'Shenyang')],
  ['fujian', 58, L('福建', 'Fujian', 'Fujian')],
  ['jiaxing', 50, L('嘉兴', 'Jiaxing', 'Jiaxing')],
  ['huzhou', 52, L('湖州', 'Huzhou', 'Huzhou')],
  ['quzhou', 50, L('衢州', 'Quzhou', 'Quzhou')],
  ['guangxi', 59, L('广西', 'Guangxi', 'Guangxi')],
  ['zhejiang', 60, L('浙江', 'Zhejiang', 'Zhejiang')],
  ['nanchang', 55, L('南昌', 'Nanchang', 'Nanchang')],
  ['wuhan', 853, L('武汉', 'Wuhan', 'Wuhan')],
  ['shaoxing', 53, L('绍兴', 'Shaoxing', 'Shaoxing')],
  ['ningbo', 54, L('宁波', 'Ningbo', 'Ningbo')],
  ['hangzhou', 43, L('杭州', 'Hangzhou', 'Hangzhou')],
  ['volks', 61, L('大众', 'Volks', 'Volks')],
];

export const MENU: readonly MenuGroup[] = [
  {
    key: 'statistics',
    label: L('数据统计', 'Data statistics', 'Statistiche'),
    children: [
      item(
        '/dayWeekMonthManger',
        823,
        L('日周月管控', 'Day/week/month supervision', 'Supervisione giorno/settimana/mese'),
        china,
      ),
      item('/aiManger', 851, L('AI统计', 'AI statistics', 'Statistiche AI')),
      item('/electricityMeter', 856, L('电表', 'Electricity meters', 'Contatori elettrici')),
    ],
  },
  {
    key: 'elevator',
    label: L('电梯管理', 'Elevator', 'Ascensori'),
    children: [
      item('/elevatorNetApply', 814, L('电梯入网申请', 'Network applications', 'Richieste di connessione')),
      item('/elevator', 110, L('电梯档案', 'Elevators', 'Ascensori')),
      item('/device', 9, L('设备管理', 'Gateways', 'Gateway')),
      item('/smartDevice', [813, 71, 73, 855], L('智能设备', 'Smart devices', 'Dispositivi smart')),
      item('/elevatorSetting', [20, 24, 109, 839], L('电梯设置', 'Elevator settings', 'Impostazioni ascensore')),
    ],
  },
  {
    key: 'monitor',
    label: L('电梯监控', 'Monitor', 'Monitoraggio'),
    children: [
      item('/elevatorMonitor/gisMap', 404, L('GIS地图', 'GIS map', 'Mappa GIS'), china),
      item(
        '/elevatorMonitor/singleLadderMonitor',
        403,
        L('单梯监控', 'Single-ladder monitor', 'Monitor ascensore singolo'),
      ),
      item('/elevatorMonitor/useUnitMonitor', 401, L('使用单位监控', 'Use-unit monitor', 'Monitor unità di utilizzo')),
      item('/elevatorMonitor/monitorCenter', 406, L('监控中心', 'Monitor center', 'Centro di monitoraggio'), {
        ...china,
        newPage: true,
      }),
      item('/cloudKanban', 406, L('云看板', 'Kanban', 'Kanban'), { ...china, newPage: true }),
    ],
  },
  {
    key: 'event',
    label: L('事件记录', 'Event', 'Eventi'),
    children: [
      item('/event', 45, L('事件记录', 'Event records', 'Registro eventi')),
      item('/alarmBell', 341, L('警铃记录', 'Alarm records', 'Registro allarmi')),
      item('/fault', 117, L('故障记录', 'Fault records', 'Registro guasti')),
      item('/potential', 821, L('安全隐患', 'Potential hazards', 'Rischi potenziali')),
      item('/userTake', 38, L('乘梯记录', 'Elevator call records', 'Registro chiamate'), china),
    ],
  },
  {
    key: 'upkeep',
    label: L('维保管理', 'Upkeep', 'Manutenzione'),
    children: [
      item('/contract', 820, L('合同管理', 'Contracts', 'Contratti')),
      item('/workOrder', 302, L('急修工单', 'Repair orders', 'Ordini di riparazione')),
      item('/maintWork', 322, L('维保工单', 'Maintenance orders', 'Ordini di manutenzione'), { hiddenOnGCloud: true }),
      item('/yearCheck', 132, L('年检管理', 'Annual inspection', 'Ispezione annuale')),
      item('/safeCheck', 827, L('安全检查', 'Safety check', 'Controllo sicurezza'), china),
      item('/modSalesOrder', 838, L('改造销售单', 'Modification orders', 'Ordini di modifica'), china),
      item('/maintenanceSetting', [326, 327, 328], L('维保设置', 'Maintenance settings', 'Impostazioni manutenzione')),
    ],
  },
  {
    key: 'baseInfo',
    label: L('基础信息', 'Base info', 'Dati di base'),
    children: [
      item('/createCompany', 12, L('制造企业', 'Manufacturers', 'Produttori')),
      item('/propertyCompany', 12, L('物业企业', 'Property companies', 'Società immobiliari')),
      item('/maintCompany', 12, L('维保企业', 'Maintenance companies', 'Aziende di manutenzione')),
      item('/installCompany', 12, L('安装企业', 'Installation companies', 'Aziende di installazione')),
      item('/changeCompany', 12, L('改造企业', 'Modification companies', 'Aziende di modifica')),
      item('/agent', 12, L('代理商', 'Agents', 'Agenti')),
      item('/useUnitCom', 16, L('使用单位', 'Use units', 'Unità di utilizzo')),
      item('/quantity', -1, L('质监局', 'Quality supervision', 'Vigilanza qualità'), china),
      item('/parts', 806, L('配件管理', 'Parts', 'Ricambi')),
      item('/monitorDevice', 812, L('监控设备', 'Monitor devices', 'Dispositivi di monitoraggio'), china),
    ],
  },
  {
    key: 'userRole',
    label: L('用户角色', 'User role', 'Utenti e ruoli'),
    children: [item('/user', 3, L('用户管理', 'Users', 'Utenti')), item('/role', 5, L('角色管理', 'Roles', 'Ruoli'))],
  },
  {
    key: 'system',
    label: L('系统管理', 'System', 'Sistema'),
    children: [
      item('/message', 816, L('消息记录', 'Message records', 'Registro messaggi')),
      item('/userLoginLog', 817, L('登录日志', 'Login log', 'Registro accessi')),
      item('/userOperateLog', 818, L('操作日志', 'Operation log', 'Registro operazioni')),
      item('/systemSetting', 801, L('系统设置', 'System setting', 'Impostazioni di sistema')),
    ],
  },
  {
    key: 'document',
    label: L('文档管理', 'Document', 'Documenti'),
    chinaOnly: true,
    children: [
      item('/pan', 830, L('产品', 'Products', 'Prodotti'), china),
      item('/banner', 834, L('横幅', 'Banners', 'Banner'), china),
      item('/fileManage', 841, L('文件管理', 'Files', 'File'), china),
      item(
        '/specialCodeAuth',
        -1,
        L('特殊码授权', 'Special code authorisation', 'Autorizzazione codici speciali'),
        china,
      ),
      item('/paramsManage', 852, L('参数汇总', 'Parameter summary', 'Riepilogo parametri'), china),
      item('/paramsModule', 852, L('参数模块', 'Parameter modules', 'Moduli parametri'), china),
      item('/feedBack', -1, L('意见反馈', 'Feedback', 'Feedback'), china),
      item('/bluetoothRecords', -1, L('蓝牙记录', 'Bluetooth records', 'Registri Bluetooth'), china),
    ],
  },
  {
    key: 'access',
    label: L('接入平台', 'Access platform', 'Piattaforme di accesso'),
    chinaOnly: true,
    children: REGIONS.map(([region, index, label]) => item(`/access/${region}`, index, label, china)),
  },
  {
    key: 'operations',
    label: L('运营管理', 'Operations', 'Operazioni'),
    superAdminOnly: true,
    children: [
      item('/integration', -1, L('集成', 'Integration', 'Integrazione'), { ...china, superAdminOnly: true }),
      item('/deviceGateway', -1, L('设备网关', 'Device gateways', 'Gateway dispositivi'), { superAdminOnly: true }),
      item('/uiSetting', -1, L('界面设置', 'UI settings', 'Impostazioni interfaccia'), { superAdminOnly: true }),
      item('/sysItem', -1, L('系统项', 'System items', 'Voci di sistema'), { ...china, superAdminOnly: true }),
      item('/homeUser', -1, L('家用用户', 'Home users', 'Utenti domestici'), { ...china, superAdminOnly: true }),
      item('/msgTemplate', -1, L('短信模板', 'SMS templates', 'Modelli SMS'), { ...china, superAdminOnly: true }),
      item('/developer', -1, L('开发者', 'Developers', 'Sviluppatori'), { ...china, superAdminOnly: true }),
      item('/tenant', -1, L('租户管理', 'Tenants', 'Tenant'), { superAdminOnly: true }),
      item(
        '/potentialFaultSetting',
        -1,
        L('隐患故障设置', 'Potential fault settings', 'Impostazioni guasti potenziali'),
        {
          ...china,
          superAdminOnly: true,
        },
      ),
    ],
  },
];

/** Every permission index any menu item uses, ascending: the checkboxes of the role screen. */
export const PERMISSION_INDEXES: readonly number[] = [
  ...new Set(MENU.flatMap((g) => g.children.flatMap((c) => [c.index].flat())).filter((n) => n >= 0)),
].sort((a, b) => a - b);
