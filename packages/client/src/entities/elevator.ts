import { PERMISSION } from '../permissions.js';
import { MAX_FLOOR, UPLOAD_LIMITS } from '../constants.js';
import { elevatorType, maintenanceMode, openStatus, useStatus } from '../enums.js';
import { elevatorIdentityRules } from '../rules/devices.js';
import { elevatorMaintenanceRules } from '../rules/maintenance.js';
import { mobile } from '../rules/formats.js';
import { defineEntity } from '../schema/entity.js';
import {
  L,
  bool,
  date,
  derived,
  enumOf,
  ids,
  int,
  num,
  readOnly,
  ref,
  refName,
  required,
  text,
} from '../schema/fields.js';
import { dtu } from '../rules/formats.js';

/**
 * The elevator's maintainers: no uniqueItems in the schema, so a maintainer chosen twice is refused by the rule
 * of domain.md §5 (rule.maintainerDuplicate), with its message.
 */
const maintainers = () => {
  const label = L('维保人员', 'Maintenance workers', 'Manutentori');
  const f = ids(label, 'user', 20);
  const schema = { ...f.schema, 'x-label': label } as typeof f.schema & { uniqueItems?: boolean };
  delete schema.uniqueItems;
  return { ...f, schema };
};

const code = (zh: string, en: string, it: string, max = 50) => text(L(zh, en, it), { max });

/** An elevator, escalator or moving walk: every field of domain.md §3 Elevator. Index 110. */
export const elevator = defineEntity({
  name: 'elevator',
  label: L('电梯', 'Elevator', 'Ascensore'),
  path: 'elevators',
  permission: PERMISSION.elevators,
  fields: {
    // identity
    code: code('电梯编码', 'Code', 'Codice'),
    name: required(text(L('电梯名称', 'Name', 'Nome'), { max: 100 })),
    no: code('电梯编号', 'Elevator no.', 'Numero ascensore'),
    registerCode: code('注册代码', 'Register code', 'Codice di registrazione'),
    internalNo: code('内部编号', 'Internal no.', 'Numero interno'),
    buildingNo: code('楼栋号', 'Building no.', 'Numero edificio', 20),
    ladderNo: code('梯号', 'Ladder no.', 'Numero impianto', 20),
    dtuCode: text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11, rule: dtu }),
    nodeCode: code('节点编号', 'Node code', 'Codice nodo', 20),
    simCardNo: code('SIM卡号', 'SIM card no.', 'Numero SIM', 20),
    iccid: code('ICCID', 'ICCID', 'ICCID', 22),
    factoryNo: code('出厂编号', 'Factory no.', 'Numero di fabbrica'),
    controlCabinetNo: code('控制柜出厂编号', 'Control cabinet no.', 'Numero quadro di manovra'),
    projectName: text(L('项目名称', 'Project name', 'Nome progetto'), { max: 100 }),
    address: text(L('安装地址', 'Address', 'Indirizzo'), { max: 200 }),
    longitude: num(L('经度', 'Longitude', 'Longitudine'), { min: -180, max: 180, decimals: 6 }),
    latitude: num(L('纬度', 'Latitude', 'Latitudine'), { min: -90, max: 90, decimals: 6 }),
    // type and model
    elevatorType: required(enumOf(L('电梯类型', 'Elevator type', 'Tipo di ascensore'), elevatorType)),
    brand: code('品牌', 'Brand', 'Marca'),
    model: code('型号', 'Model', 'Modello'),
    // floors and ratings
    floors: int(L('层数', 'Floors', 'Piani'), { min: 1, max: MAX_FLOOR }),
    ratedSpeed: num(L('额定速度(m/s)', 'Rated speed (m/s)', 'Velocità nominale (m/s)'), { min: 0, max: 30 }),
    ratedLoad: num(L('额定载重(kg)', 'Rated load (kg)', 'Portata nominale (kg)'), { min: 0, max: 100_000 }),
    escalatorAngle: num(L('扶梯倾角', 'Escalator angle', 'Inclinazione scala'), { min: 0, max: 90 }),
    rise: num(L('提升高度(m)', 'Rise (m)', 'Dislivello (m)'), { min: 0, max: 1000 }),
    width: num(L('宽度(mm)', 'Width (mm)', 'Larghezza (mm)'), { min: 0, max: 10_000 }),
    length: num(L('长度(m)', 'Length (m)', 'Lunghezza (m)'), { min: 0, max: 10_000 }),
    movingWalkSpeed: num(L('人行道速度(m/s)', 'Moving-walk speed (m/s)', 'Velocità tappeto (m/s)'), {
      min: 0,
      max: 10,
    }),
    movingWalkLength: num(L('人行道长度(m)', 'Moving-walk length (m)', 'Lunghezza tappeto (m)'), {
      min: 0,
      max: 10_000,
    }),
    movingWalkAngle: num(L('人行道倾角', 'Moving-walk angle', 'Inclinazione tappeto'), { min: 0, max: 90 }),
    movingWalkWidth: num(L('人行道宽度(mm)', 'Moving-walk width (mm)', 'Larghezza tappeto (mm)'), {
      min: 0,
      max: 10_000,
    }),
    // maintenance and use
    maintenancePeriodDays: int(L('维保周期(天)', 'Maintenance period (days)', 'Periodo di manutenzione (giorni)'), {
      min: 1,
      max: 365,
    }),
    usePlace: code('使用场所', 'Use place', 'Luogo di utilizzo', 100),
    maintenanceMode: enumOf(L('维保方式', 'Maintenance mode', 'Modalità di manutenzione'), maintenanceMode),
    homeUse: bool(L('家用电梯', 'Home use', 'Uso domestico')),
    ownerPhone: text(L('业主电话', 'Owner phone', 'Telefono proprietario'), { max: 11, rule: mobile }),
    monitorMinutes: int(L('监控时长(分钟)', 'Monitor duration (minutes)', 'Durata monitoraggio (minuti)'), {
      min: 0,
      max: 1440,
    }),
    autoDailyReport: bool(L('自动生成日报', 'Daily report', 'Rapporto giornaliero')),
    autoWeeklyReport: bool(L('自动生成周报', 'Weekly report', 'Rapporto settimanale')),
    autoMonthlyReport: bool(L('自动生成月报', 'Monthly report', 'Rapporto mensile')),
    salesman: code('业务员', 'Salesman', 'Commerciale'),
    salesmanPhone: text(L('业务员电话', 'Salesman phone', 'Telefono commerciale'), { max: 11, rule: mobile }),
    // video
    videoEquipment: code('视频设备', 'Video equipment', 'Apparato video', 100),
    videoChannelId: code('视频通道号', 'Video channel id', 'Canale video'),
    videoUrls: text(L('视频地址', 'Video URLs', 'URL video'), { max: 1000 }),
    // status
    parallel: bool(L('并联/群控', 'Parallel/group control', 'Parallelo/gruppo')),
    openStatus: enumOf(L('开通状态', 'Open status', 'Stato apertura'), openStatus),
    useStatus: required(enumOf(L('使用状态', 'Use status', 'Stato di utilizzo'), useStatus)),
    onlineStatus: readOnly(bool(L('在线', 'Online', 'Online'))),
    joinStatus: bool(L('入网状态', 'Join status', 'Stato di adesione')),
    accessStatus: bool(L('接入状态', 'Access status', 'Stato di accesso')),
    accessPlatform: code('接入平台', 'Access platform', 'Piattaforma di accesso'),
    // alarm delay times, seconds
    peopleStuckDelay: int(L('困人报警延时(秒)', 'People-stuck delay (s)', 'Ritardo persone bloccate (s)'), {
      min: 0,
      max: 3600,
    }),
    notAvailableDelay: int(L('停梯报警延时(秒)', 'Not-available delay (s)', 'Ritardo fuori servizio (s)'), {
      min: 0,
      max: 3600,
    }),
    finishDelay: int(L('结束报警延时(秒)', 'Finish delay (s)', 'Ritardo di chiusura (s)'), { min: 0, max: 3600 }),
    // templates and companies
    faultTemplateId: ref(L('故障模板', 'Fault template', 'Modello guasti'), 'faultTemplate'),
    floorDisplayTemplateId: ref(
      L('楼层显示模板', 'Floor display template', 'Modello display piani'),
      'floorDisplayTemplate',
    ),
    safetyOfficer: code('安全员', 'Safety officer', 'Addetto alla sicurezza'),
    safetyDirector: code('安全总监', 'Safety director', 'Direttore sicurezza'),
    mainResponsible: code('主要负责人', 'Main responsible', 'Responsabile principale'),
    useUnitId: ref(L('使用单位', 'Use unit', 'Unità di utilizzo'), 'useUnit'),
    useUnitName: refName(L('使用单位名称', 'Use unit name', 'Nome unità di utilizzo'), 'useUnitId'),
    propertyCompanyId: ref(L('物业公司', 'Property company', 'Società immobiliare'), 'company'),
    maintenanceCompanyId: ref(L('维保公司', 'Maintenance company', 'Azienda di manutenzione'), 'company'),
    maintenanceCompanyName: refName(
      L('维保公司名称', 'Maintenance company name', 'Nome azienda di manutenzione'),
      'maintenanceCompanyId',
    ),
    manufacturerId: ref(L('制造企业', 'Manufacturer', 'Produttore'), 'company'),
    installationCompanyId: ref(L('安装企业', 'Installation company', 'Azienda di installazione'), 'company'),
    modificationCompanyId: ref(L('改造企业', 'Modification company', 'Azienda di modifica'), 'company'),
    qualityBodyId: ref(L('质监局', 'Quality supervision body', 'Ente di vigilanza'), 'qualityBody'),
    maintainerIds: maintainers(),
    // dates
    exFactoryDate: date(L('出厂日期', 'Ex-factory date', 'Data di fabbricazione')),
    installationDate: date(L('安装日期', 'Installation date', 'Data di installazione')),
    joinDate: date(L('入网日期', 'Join date', 'Data di adesione')),
    serviceDate: date(L('投用日期', 'Service date', 'Data di messa in servizio')),
    simExpiryDate: date(L('SIM到期日期', 'SIM expiry date', 'Scadenza SIM')),
    // a year after its latest annual inspection pass (entities/inspection.ts), none before its first pass
    nextCheckDate: derived(date(L('下次年检日期', 'Next inspection date', 'Prossima ispezione'))),
  },
  filters: {
    name: 'like',
    no: 'eq',
    registerCode: 'eq',
    factoryNo: 'eq',
    dtuCode: 'eq',
    elevatorType: 'eq',
    useStatus: 'eq',
    useUnitId: 'eq',
    maintenanceCompanyId: 'eq',
    onlineStatus: 'eq',
    address: 'like',
  },
  unique: ['registerCode', 'dtuCode'],
  refine: (input) => [...elevatorIdentityRules(input), ...elevatorMaintenanceRules(input)],
  // certificates, inspection reports, photos
  attachments: UPLOAD_LIMITS.elevatorAttachment,
});
