import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * The elevator and device registry: elevators, floors, parts, gateways and their versions, smart devices,
 * monitoring devices, network applications, elevator settings. Every row keeps the organisation that
 * created it (orgId).
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  const scopedTables: string[] = [];
  const scoped = (name: string) => {
    scopedTables.push(name);
    return withTenant(withTimes(withId(db.schema.createTable(name), dialect)));
  };

  await scoped('elevators')
    .addColumn('orgId', 'integer')
    .addColumn('code', 'varchar(50)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('no', 'varchar(50)')
    .addColumn('registerCode', 'varchar(50)')
    .addColumn('internalNo', 'varchar(50)')
    .addColumn('buildingNo', 'varchar(20)')
    .addColumn('ladderNo', 'varchar(20)')
    .addColumn('dtuCode', 'varchar(11)')
    .addColumn('nodeCode', 'varchar(20)')
    .addColumn('simCardNo', 'varchar(20)')
    .addColumn('iccid', 'varchar(22)')
    .addColumn('factoryNo', 'varchar(50)')
    .addColumn('controlCabinetNo', 'varchar(50)')
    .addColumn('projectName', 'varchar(100)')
    .addColumn('address', 'varchar(200)')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('elevatorType', 'integer', (c) => c.notNull())
    .addColumn('brand', 'varchar(50)')
    .addColumn('model', 'varchar(50)')
    .addColumn('floors', 'integer')
    .addColumn('ratedSpeed', 'double precision')
    .addColumn('ratedLoad', 'double precision')
    .addColumn('escalatorAngle', 'double precision')
    .addColumn('rise', 'double precision')
    .addColumn('width', 'double precision')
    .addColumn('length', 'double precision')
    .addColumn('maintenancePeriodDays', 'integer')
    .addColumn('usePlace', 'varchar(100)')
    .addColumn('maintenanceMode', 'integer')
    .addColumn('homeUse', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ownerPhone', 'varchar(11)')
    .addColumn('monitorMinutes', 'integer')
    .addColumn('autoDailyReport', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('autoWeeklyReport', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('autoMonthlyReport', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('salesman', 'varchar(50)')
    .addColumn('salesmanPhone', 'varchar(11)')
    .addColumn('videoEquipment', 'varchar(100)')
    .addColumn('videoChannelId', 'varchar(50)')
    .addColumn('videoUrls', 'varchar(1000)')
    .addColumn('parallel', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('openStatus', 'integer')
    .addColumn('useStatus', 'integer', (c) => c.notNull())
    .addColumn('onlineStatus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joinStatus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accessPlatform', 'varchar(50)')
    .addColumn('peopleStuckDelay', 'integer')
    .addColumn('notAvailableDelay', 'integer')
    .addColumn('finishDelay', 'integer')
    .addColumn('faultTemplateId', 'integer')
    .addColumn('floorDisplayTemplateId', 'integer')
    .addColumn('safetyOfficer', 'varchar(50)')
    .addColumn('safetyDirector', 'varchar(50)')
    .addColumn('mainResponsible', 'varchar(50)')
    .addColumn('useUnitId', 'integer')
    .addColumn('propertyCompanyId', 'integer')
    .addColumn('maintenanceCompanyId', 'integer')
    .addColumn('manufacturerId', 'integer')
    .addColumn('installationCompanyId', 'integer')
    .addColumn('modificationCompanyId', 'integer')
    .addColumn('qualityBodyId', 'integer')
    .addColumn('exFactoryDate', 'varchar(10)')
    .addColumn('installationDate', 'varchar(10)')
    .addColumn('joinDate', 'varchar(10)')
    .addColumn('serviceDate', 'varchar(10)')
    .addColumn('simExpiryDate', 'varchar(10)')
    .execute();

  await scoped('floorMappings')
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('actualFloor', 'integer', (c) => c.notNull())
    .addColumn('displayedFloor', 'varchar(10)', (c) => c.notNull())
    .addColumn('stopsAtFloor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('statusFloorCode', 'varchar(10)', (c) => c.notNull())
    .addColumn('faultFloorCode', 'varchar(10)', (c) => c.notNull())
    .execute();

  await scoped('elevatorParts')
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('number', 'varchar(50)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('serialNumber', 'varchar(100)')
    .addColumn('floor', 'integer')
    .addColumn('status', 'integer')
    .addColumn('activateTime', 'bigint')
    .addColumn('operator', 'varchar(50)')
    .addColumn('replacementRecord', 'text')
    .execute();

  await scoped('gatewayDevices')
    .addColumn('orgId', 'integer')
    .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)')
    .addColumn('deviceModel', 'varchar(50)')
    .addColumn('signalType', 'varchar(20)')
    .addColumn('signalStrength', 'integer')
    .addColumn('simCode', 'varchar(20)')
    .addColumn('iccid', 'varchar(22)')
    .addColumn('softVer', 'varchar(30)')
    .addColumn('hardVer', 'varchar(30)')
    .addColumn('boardHardVer', 'varchar(30)')
    .addColumn('elevatorId', 'integer')
    .addColumn('bindState', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('temperature', 'double precision')
    .addColumn('devicePower', 'double precision')
    .addColumn('linkStatus', 'integer')
    .addColumn('blackStatus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dtuStatus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expirationTime', 'bigint')
    .addColumn('lastReportTime', 'bigint')
    .addColumn('protocols', 'varchar(200)')
    .addColumn('motorType', 'varchar(30)')
    .addColumn('polePairs', 'integer')
    .addColumn('doorTypes', 'varchar(100)')
    .addColumn('elevatorSpeed', 'double precision')
    .addColumn('nodeNo', 'varchar(20)')
    .addColumn('onlineNodes', 'integer')
    .addColumn('port', 'integer')
    .addColumn('apnName', 'varchar(100)')
    .addColumn('apnUser', 'varchar(100)')
    .addColumn('intercomServer', 'varchar(200)')
    .addColumn('intercomNumbers', 'varchar(200)')
    .addColumn('dutyRoom', 'varchar(100)')
    .addColumn('intercomVolume', 'integer')
    .addColumn('sipAccount', 'varchar(100)')
    .execute();

  await scoped('gatewayVersions')
    .addColumn('orgId', 'integer')
    .addColumn('softwareName', 'varchar(100)', (c) => c.notNull())
    .addColumn('versionId', 'varchar(30)', (c) => c.notNull())
    .addColumn('version', 'varchar(30)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('fullAdapter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)')
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('releaseDate', 'varchar(10)')
    .addColumn('fileUrl', 'varchar(300)')
    .addColumn('creator', 'varchar(50)')
    .execute();

  await scoped('parts')
    .addColumn('orgId', 'integer')
    .addColumn('no', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('partTypeId', 'integer')
    .addColumn('elevatorCompanyId', 'integer')
    .addColumn('partsSn', 'varchar(34)', (c) => c.notNull())
    .addColumn('model', 'varchar(50)')
    .addColumn('brand', 'varchar(50)')
    .addColumn('price', 'double precision')
    .addColumn('times', 'integer')
    .addColumn('life', 'integer')
    .addColumn('status', 'integer')
    .addColumn('elevatorId', 'integer')
    .addColumn('creatorName', 'varchar(50)')
    .addColumn('description', 'varchar(500)')
    .addColumn('hot', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await scoped('partTypes')
    .addColumn('orgId', 'integer')
    .addColumn('no', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('typeSerial', 'varchar(50)')
    .addColumn('description', 'varchar(500)')
    .execute();

  await scoped('programCards')
    .addColumn('orgId', 'integer')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('notice', 'varchar(500)')
    .addColumn('note', 'varchar(500)')
    .addColumn('companyId', 'integer')
    .addColumn('programs', 'text')
    .execute();

  await scoped('smartScreens')
    .addColumn('orgId', 'integer')
    .addColumn('mac', 'varchar(17)', (c) => c.notNull())
    .addColumn('password', 'varchar(20)', (c) => c.notNull())
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('programCardId', 'integer', (c) => c.notNull())
    .addColumn('area', 'varchar(100)', (c) => c.notNull())
    .addColumn('heartbeatTime', 'bigint')
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await scoped('cameras')
    .addColumn('orgId', 'integer')
    .addColumn('alias', 'varchar(50)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('deviceStatus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('elevatorId', 'integer')
    .addColumn('type', 'varchar(50)')
    .addColumn('model', 'varchar(50)')
    .addColumn('mac', 'varchar(17)', (c) => c.notNull())
    .addColumn('alarmUrl', 'varchar(300)')
    .addColumn('upgradeStatus', 'integer')
    .execute();

  await scoped('monitorDevices')
    .addColumn('orgId', 'integer')
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)')
    .addColumn('elevatorId', 'integer')
    .addColumn('location', 'varchar(200)')
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastReportTime', 'bigint')
    .execute();

  await scoped('meterGateways')
    .addColumn('orgId', 'integer')
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('elevatorId', 'integer')
    .addColumn('dbNo', 'varchar(50)')
    .addColumn('useUnitId', 'integer')
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastReportTime', 'bigint')
    .execute();

  await scoped('netApplies')
    .addColumn('orgId', 'integer')
    .addColumn('elevatorName', 'varchar(100)', (c) => c.notNull())
    .addColumn('registerCode', 'varchar(50)')
    .addColumn('factoryNo', 'varchar(50)')
    .addColumn('elevatorType', 'integer', (c) => c.notNull())
    .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
    .addColumn('useUnitName', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)')
    .addColumn('maintenanceCompanyName', 'varchar(100)')
    .addColumn('accessDate', 'varchar(10)')
    .addColumn('createSource', 'integer')
    .addColumn('status', 'integer')
    .addColumn('generated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('elevatorId', 'integer')
    .execute();

  await scoped('faultTemplates')
    .addColumn('orgId', 'integer')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('codes', 'text')
    .addColumn('note', 'varchar(500)')
    .execute();

  await scoped('floorDisplayTemplates')
    .addColumn('orgId', 'integer')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('floors', 'text', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .execute();

  await scoped('elevatorUsers')
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('relation', 'varchar(50)')
    .execute();

  await db.schema
    .createTable('elevatorMaintainers')
    .addColumn('elevatorId', 'integer', (c) => c.notNull().references('elevators.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('elevator_maintainers_pk', ['elevatorId', 'userId'])
    .execute();

  for (const name of scopedTables) {
    await db.schema.createIndex(`${name}TenantId`).on(name).columns(['tenantId', 'id']).execute();
    // Totals of an organisation's rows count from this alone (covering), without reading the rows.
    await db.schema.createIndex(`${name}TenantOrg`).on(name).columns(['tenantId', 'orgId']).execute();
  }
  for (const [table, column] of [
    ['elevators', 'maintenanceCompanyId'],
    ['elevators', 'useUnitId'],
    ['elevators', 'dtuCode'],
    ['elevators', 'registerCode'],
    ['floorMappings', 'elevatorId'],
    ['elevatorParts', 'elevatorId'],
    ['elevatorUsers', 'elevatorId'],
    ['gatewayDevices', 'elevatorId'],
    ['smartScreens', 'elevatorId'],
    ['cameras', 'elevatorId'],
  ] as const)
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  // Physical identifiers are unique on the whole platform.
  await db.schema.createIndex('gateway_devices_dtu').on('gatewayDevices').column('dtuCode').unique().execute();
  await db.schema.createIndex('net_applies_dtu').on('netApplies').column('dtuCode').unique().execute();
  await db.schema.createIndex('smart_screens_mac').on('smartScreens').column('mac').unique().execute();
  await db.schema.createIndex('cameras_mac').on('cameras').column('mac').unique().execute();
  await db.schema.createIndex('parts_sn').on('parts').column('partsSn').unique().execute();
}
