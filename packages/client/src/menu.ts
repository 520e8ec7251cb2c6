import { G_CLOUD_SITE_NAME, SERIAL_PORT } from './constants.js';
import { isChinese, L, type Language, type Localized } from './i18n/languages.js';
import { ACCESS_REGION_PERMISSION, allows, isSuperAdmin, PERMISSION, type PermissionIndex } from './permissions.js';

/**
 * The sidebar of console-shell.md §2.2 as data: the web console draws it, the role screen builds its
 * permission tree from it, and the server takes its permission indexes from the same numbers.
 */
export interface MenuItem {
  key: string;
  path: string;
  label: Localized;
  /** -1: any logged-in user. A list: any one of them (any-of). Named in PERMISSION. */
  index: PermissionIndex;
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

const REGIONS: [keyof typeof ACCESS_REGION_PERMISSION, Localized][] = [
  ['shanghai', L('上海', 'Shanghai', 'Shanghai')],
  ['hubei', L('湖北', 'Hubei', 'Hubei')],
  ['chongqing', L('重庆', 'Chongqing', 'Chongqing')],
  ['guangzhou', L('广州', 'Guangzhou', 'Guangzhou')],
  ['liaoning', L('辽宁', 'Liaoning', 'Liaoning')],
  ['shenyang', L('沈阳', 'Shenyang', 'Shenyang')],
  ['fujian', L('福建', 'Fujian', 'Fujian')],
  ['jiaxing', L('嘉兴', 'Jiaxing', 'Jiaxing')],
  ['huzhou', L('湖州', 'Huzhou', 'Huzhou')],
  ['quzhou', L('衢州', 'Quzhou', 'Quzhou')],
  ['guangxi', L('广西', 'Guangxi', 'Guangxi')],
  ['zhejiang', L('浙江', 'Zhejiang', 'Zhejiang')],
  ['nanchang', L('南昌', 'Nanchang', 'Nanchang')],
  ['wuhan', L('武汉', 'Wuhan', 'Wuhan')],
  ['shaoxing', L('绍兴', 'Shaoxing', 'Shaoxing')],
  ['ningbo', L('宁波', 'Ningbo', 'Ningbo')],
  ['hangzhou', L('杭州', 'Hangzhou', 'Hangzhou')],
  ['volks', L('大众', 'Volks', 'Volks')],
];

export const MENU: readonly MenuGroup[] = [
  {
    key: 'statistics',
    label: L('数据统计', 'Data statistics', 'Statistiche'),
    children: [
      item(
        '/dayWeekMonthManger',
        PERMISSION.dayWeekMonthSupervision,
        L('日周月管控', 'Day/week/month supervision', 'Supervisione giorno/settimana/mese'),
        china,
      ),
      item('/aiManger', PERMISSION.aiStatistics, L('AI统计', 'AI statistics', 'Statistiche AI')),
      item('/electricityMeter', PERMISSION.electricityMeters, L('电表', 'Electricity meters', 'Contatori elettrici')),
    ],
  },
  {
    key: 'elevator',
    label: L('电梯管理', 'Elevator', 'Ascensori'),
    children: [
      item(
        '/elevatorNetApply',
        PERMISSION.netApplies,
        L('电梯入网申请', 'Network applications', 'Richieste di connessione'),
      ),
      item('/elevator', PERMISSION.elevators, L('电梯档案', 'Elevators', 'Ascensori')),
      item('/device', PERMISSION.gateways, L('设备管理', 'Gateways', 'Gateway')),
      item('/smartDevice', PERMISSION.smartDevices, L('智能设备', 'Smart devices', 'Dispositivi smart')),
      item(
        '/elevatorSetting',
        PERMISSION.elevatorSettings,
        L('电梯设置', 'Elevator settings', 'Impostazioni ascensore'),
      ),
      // OTA (no route in the spec; docs/decisions.md "OTA"): beside the gateways an operator burns
      item('/otaProgram', PERMISSION.otaPrograms, L('OTA程序', 'OTA programs', 'Programmi OTA')),
      item('/otaApply', PERMISSION.otaApplications, L('OTA申请', 'OTA applications', 'Richieste OTA')),
      item('/otaBurn', PERMISSION.otaBurn, L('OTA烧录', 'OTA burning', 'Programmazione OTA')),
    ],
  },
  {
    key: 'monitor',
    label: L('电梯监控', 'Monitor', 'Monitoraggio'),
    children: [
      item('/elevatorMonitor/gisMap', PERMISSION.gisMap, L('GIS地图', 'GIS map', 'Mappa GIS'), china),
      item(
        '/elevatorMonitor/singleLadderMonitor',
        PERMISSION.singleLadderMonitor,
        L('单梯监控', 'Single-ladder monitor', 'Monitor ascensore singolo'),
      ),
      item(
        '/elevatorMonitor/useUnitMonitor',
        PERMISSION.useUnitMonitor,
        L('使用单位监控', 'Use-unit monitor', 'Monitor unità di utilizzo'),
      ),
      item(
        '/elevatorMonitor/monitorCenter',
        PERMISSION.monitorCenter,
        L('监控中心', 'Monitor center', 'Centro di monitoraggio'),
        {
          ...china,
          newPage: true,
        },
      ),
      item('/cloudKanban', PERMISSION.monitorCenter, L('云看板', 'Kanban', 'Kanban'), { ...china, newPage: true }),
    ],
  },
  {
    key: 'event',
    label: L('事件记录', 'Event', 'Eventi'),
    children: [
      item('/event', PERMISSION.eventRecords, L('事件记录', 'Event records', 'Registro eventi')),
      item('/alarmBell', PERMISSION.alarmRecords, L('警铃记录', 'Alarm records', 'Registro allarmi')),
      item('/fault', PERMISSION.faultRecords, L('故障记录', 'Fault records', 'Registro guasti')),
      item('/potential', PERMISSION.hazardRecords, L('安全隐患', 'Potential hazards', 'Rischi potenziali')),
      item('/userTake', PERMISSION.callRecords, L('乘梯记录', 'Elevator call records', 'Registro chiamate'), china),
    ],
  },
  {
    key: 'upkeep',
    label: L('维保管理', 'Upkeep', 'Manutenzione'),
    children: [
      item('/contract', PERMISSION.contracts, L('合同管理', 'Contracts', 'Contratti')),
      item('/workOrder', PERMISSION.repairOrders, L('急修工单', 'Repair orders', 'Ordini di riparazione')),
      item('/maintWork', PERMISSION.maintenanceOrders, L('维保工单', 'Maintenance orders', 'Ordini di manutenzione'), {
        hiddenOnGCloud: true,
      }),
      item('/yearCheck', PERMISSION.annualInspections, L('年检管理', 'Annual inspection', 'Ispezione annuale')),
      item('/safeCheck', PERMISSION.safetyChecks, L('安全检查', 'Safety check', 'Controllo sicurezza'), china),
      item(
        '/modSalesOrder',
        PERMISSION.modificationOrders,
        L('改造销售单', 'Modification orders', 'Ordini di modifica'),
        china,
      ),
      item(
        '/maintenanceSetting',
        PERMISSION.maintenanceSettings,
        L('维保设置', 'Maintenance settings', 'Impostazioni manutenzione'),
      ),
    ],
  },
  {
    key: 'baseInfo',
    label: L('基础信息', 'Base info', 'Dati di base'),
    children: [
      item('/createCompany', PERMISSION.companies, L('制造企业', 'Manufacturers', 'Produttori')),
      item('/propertyCompany', PERMISSION.companies, L('物业企业', 'Property companies', 'Società immobiliari')),
      item('/maintCompany', PERMISSION.companies, L('维保企业', 'Maintenance companies', 'Aziende di manutenzione')),
      item(
        '/installCompany',
        PERMISSION.companies,
        L('安装企业', 'Installation companies', 'Aziende di installazione'),
      ),
      item('/changeCompany', PERMISSION.companies, L('改造企业', 'Modification companies', 'Aziende di modifica')),
      item('/agent', PERMISSION.companies, L('代理商', 'Agents', 'Agenti')),
      item('/useUnitCom', PERMISSION.useUnits, L('使用单位', 'Use units', 'Unità di utilizzo')),
      item('/quantity', PERMISSION.anyUser, L('质监局', 'Quality supervision', 'Vigilanza qualità'), china),
      item('/parts', PERMISSION.parts, L('配件管理', 'Parts', 'Ricambi')),
      item(
        '/monitorDevice',
        PERMISSION.monitorDevices,
        L('监控设备', 'Monitor devices', 'Dispositivi di monitoraggio'),
        china,
      ),
    ],
  },
  {
    key: 'userRole',
    label: L('用户角色', 'User role', 'Utenti e ruoli'),
    children: [
      item('/user', PERMISSION.users, L('用户管理', 'Users', 'Utenti')),
      item('/role', PERMISSION.roles, L('角色管理', 'Roles', 'Ruoli')),
    ],
  },
  {
    key: 'system',
    label: L('系统管理', 'System', 'Sistema'),
    children: [
      item('/message', PERMISSION.messageRecords, L('消息记录', 'Message records', 'Registro messaggi')),
      item('/userLoginLog', PERMISSION.loginLogs, L('登录日志', 'Login log', 'Registro accessi')),
      item('/userOperateLog', PERMISSION.operationLogs, L('操作日志', 'Operation log', 'Registro operazioni')),
      item('/systemSetting', PERMISSION.systemSettings, L('系统设置', 'System setting', 'Impostazioni di sistema')),
      item('/debugPersonnel', PERMISSION.debugPersonnel, L('调试人员', 'Debug personnel', 'Personale di collaudo')),
    ],
  },
  {
    key: 'document',
    label: L('文档管理', 'Document', 'Documenti'),
    chinaOnly: true,
    children: [
      item('/pan', PERMISSION.products, L('产品', 'Products', 'Prodotti'), china),
      item('/banner', PERMISSION.banners, L('横幅', 'Banners', 'Banner'), china),
      item('/fileManage', PERMISSION.files, L('文件管理', 'Files', 'File'), china),
      item(
        '/specialCodeAuth',
        PERMISSION.anyUser,
        L('特殊码授权', 'Special code authorisation', 'Autorizzazione codici speciali'),
        china,
      ),
      item('/paramsManage', PERMISSION.parameters, L('参数汇总', 'Parameter summary', 'Riepilogo parametri'), china),
      item('/paramsModule', PERMISSION.parameters, L('参数模块', 'Parameter modules', 'Moduli parametri'), china),
      item('/feedBack', PERMISSION.anyUser, L('意见反馈', 'Feedback', 'Feedback'), china),
      item('/bluetoothRecords', PERMISSION.anyUser, L('蓝牙记录', 'Bluetooth records', 'Registri Bluetooth'), china),
    ],
  },
  {
    key: 'access',
    label: L('接入平台', 'Access platform', 'Piattaforme di accesso'),
    chinaOnly: true,
    children: REGIONS.map(([region, label]) =>
      item(`/access/${region}`, ACCESS_REGION_PERMISSION[region], label, china),
    ),
  },
  {
    key: 'operations',
    label: L('运营管理', 'Operations', 'Operazioni'),
    superAdminOnly: true,
    children: [
      item('/integration', PERMISSION.anyUser, L('集成', 'Integration', 'Integrazione'), {
        ...china,
        superAdminOnly: true,
      }),
      item('/deviceGateway', PERMISSION.anyUser, L('设备网关', 'Device gateways', 'Gateway dispositivi'), {
        superAdminOnly: true,
      }),
      item('/uiSetting', PERMISSION.anyUser, L('界面设置', 'UI settings', 'Impostazioni interfaccia'), {
        superAdminOnly: true,
      }),
      item('/sysItem', PERMISSION.anyUser, L('系统项', 'System items', 'Voci di sistema'), {
        ...china,
        superAdminOnly: true,
      }),
      item('/homeUser', PERMISSION.anyUser, L('家用用户', 'Home users', 'Utenti domestici'), {
        ...china,
        superAdminOnly: true,
      }),
      item('/msgTemplate', PERMISSION.anyUser, L('短信模板', 'SMS templates', 'Modelli SMS'), {
        ...china,
        superAdminOnly: true,
      }),
      item('/developer', PERMISSION.anyUser, L('开发者', 'Developers', 'Sviluppatori'), {
        ...china,
        superAdminOnly: true,
      }),
      item('/tenant', PERMISSION.anyUser, L('租户管理', 'Tenants', 'Tenant'), { superAdminOnly: true }),
      item(
        '/potentialFaultSetting',
        PERMISSION.anyUser,
        L('隐患故障设置', 'Potential fault settings', 'Impostazioni guasti potenziali'),
        {
          ...china,
          superAdminOnly: true,
        },
      ),
    ],
  },
];

/** Indexes of actions within a page rather than pages (approving OTA applications on /otaApply). */
export const ACTION_PERMISSION_INDEXES: readonly number[] = [PERMISSION.otaApprove];

/** Every permission index any menu item (or page action) uses, ascending: the checkboxes of the role screen. */
export const PERMISSION_INDEXES: readonly number[] = [
  ...new Set([
    ...MENU.flatMap((g) => g.children.flatMap((c) => [c.index].flat())).filter((n) => n >= 0),
    ...ACTION_PERMISSION_INDEXES,
  ]),
].sort((a, b) => a - b);

export interface MenuContext {
  username: string;
  auth: string;
  language: Language;
  /** The system name of the UI setting for this host. */
  siteName: string;
}

export function itemVisible(item: MenuItem, ctx: MenuContext): boolean {
  if (item.chinaOnly && !isChinese(ctx.language)) return false;
  if (item.superAdminOnly && !isSuperAdmin(ctx.username)) return false;
  const gCloud = ctx.siteName === G_CLOUD_SITE_NAME;
  if (item.onlyStep && !gCloud) return false;
  if (item.hiddenOnGCloud && gCloud) return false;
  return allows(ctx.username, ctx.auth, item.index);
}

export interface VisibleGroup {
  group: MenuGroup;
  children: MenuItem[];
  /** A group with one visible child shows as that single item. */
  single: boolean;
}

/** The sidebar a caller sees, after every menu rule of §6. */
export function visibleMenu(ctx: MenuContext, menu: readonly MenuGroup[] = MENU): VisibleGroup[] {
  const out: VisibleGroup[] = [];
  for (const group of menu) {
    if (group.chinaOnly && !isChinese(ctx.language)) continue;
    if (group.superAdminOnly && !isSuperAdmin(ctx.username)) continue;
    const children = group.children.filter((c) => itemVisible(c, ctx));
    if (children.length) out.push({ group, children, single: children.length === 1 });
  }
  return out;
}

/** The serial alarm light is only for organisation 3034 or 0. */
export function serialLightAllowed(orgId: number): boolean {
  return (SERIAL_PORT.organisations as readonly number[]).includes(orgId);
}
