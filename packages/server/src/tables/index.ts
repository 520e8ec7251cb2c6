import type { Permission } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';
import { accessTokenTable } from './accessToken.js';
import { gatewayTestTable } from './gatewayTest.js';
import { companyTable } from './company.js';
import { contractTable } from './contract.js';
import { developerTable } from './developer.js';
import { webhookDeliveryTable } from './webhookDelivery.js';
import { smsTemplateTable } from './smsTemplate.js';
import { potentialFaultSettingTable, potentialFaultTable } from './potentialFault.js';
import { debugPersonnelTable } from './debugPersonnel.js';
import { inspectionTable } from './inspection.js';
import { safetyCheckTable } from './safetyCheck.js';
import { supervisionRecordTable, supervisionTemplateTable } from './supervision.js';
import { modSalesOrderTable } from './modSalesOrder.js';
import { otaApplicationTable, otaBurnTable, otaProgramTable } from './ota.js';
import { oldMaintenanceOrderTable } from './oldMaintenanceOrder.js';
import { roleTable } from './role.js';
import {
  announcementTable,
  loginLogTable,
  messageRecordTable,
  operationLogTable,
  qualityBodyTable,
  useUnitTable,
} from './simple.js';
import { tenantTable } from './tenant.js';
import { uiSettingTable } from './uiSetting.js';
import { userTable } from './user.js';
import {
  maintenanceOrderTable,
  maintenancePlanTable,
  maintenanceSettingTable,
  maintenanceTypeTable,
  spotCheckTable,
} from './maintenance.js';
import { callRecordTable, hazardRecordTable, liftCallRecordTable } from './eventRecords.js';
import { eocdRunTable, eocdSettingTable, eocdThresholdTable } from './eocd.js';
import {
  alarmRecordTable,
  commandRecordTable,
  eventRecordTable,
  faultRecordTable,
  workOrderTable,
} from './monitoring.js';
import {
  cameraTable,
  elevatorPartTable,
  elevatorTable,
  elevatorUserTable,
  faultTemplateTable,
  floorDisplayTemplateTable,
  floorMappingTable,
  gatewayDeviceTable,
  gatewayVersionTable,
  meterGatewayTable,
  monitorDeviceTable,
  netApplyTable,
  partTable,
  partTypeTable,
  programCardTable,
  smartScreenTable,
} from './registry.js';

/** How each entity's routes are exposed: its store spec, who may read and write (its definition's), which writes exist. */
export interface Exposure {
  table: TableSpec;
  read: Permission;
  write: Permission;
  /** Lists and gets only: logs and records the server keeps, and entities written through their own routes. */
  readOnly: boolean;
}

const as = (t: unknown) => t as TableSpec;

/** Every entity with plain CRUD routes; who may use them is its definition's `permission`. */
const TABLES: TableSpec[] = [
  as(tenantTable),
  as(companyTable),
  as(qualityBodyTable),
  as(useUnitTable),
  as(userTable),
  as(roleTable),
  as(announcementTable),
  as(messageRecordTable),
  as(loginLogTable),
  as(operationLogTable),
  as(uiSettingTable),
  as(accessTokenTable),
  // the elevator and device registry
  as(elevatorTable),
  as(floorMappingTable),
  as(elevatorPartTable),
  as(elevatorUserTable),
  as(gatewayDeviceTable),
  as(gatewayVersionTable),
  as(partTable),
  as(partTypeTable),
  as(programCardTable),
  as(smartScreenTable),
  as(cameraTable),
  as(monitorDeviceTable),
  as(meterGatewayTable),
  as(netApplyTable),
  as(faultTemplateTable),
  as(floorDisplayTemplateTable),
  // live monitoring: written by the ingest and the work-order routes
  as(faultRecordTable),
  as(alarmRecordTable),
  as(eventRecordTable),
  as(callRecordTable),
  as(liftCallRecordTable),
  as(hazardRecordTable),
  as(workOrderTable),
  as(commandRecordTable),
  // gateway tests: created and cancelled through areas/monitoring/gateway-tests.ts (docs/decisions.md)
  as(gatewayTestTable),
  // maintenance: orders move through the maintenance-order service (areas/maintenance); their fields are edited here
  as(maintenanceTypeTable),
  as(maintenancePlanTable),
  as(maintenanceSettingTable),
  as(maintenanceOrderTable),
  as(spotCheckTable),
  // upkeep
  as(contractTable),
  as(inspectionTable),
  as(safetyCheckTable),
  as(modSalesOrderTable),
  // EOCD: runs come from the ingest (docs/gateway-protocol.md, kind vibration)
  as(eocdThresholdTable),
  as(eocdSettingTable),
  as(eocdRunTable),
  // supervision (issue 17)
  as(supervisionTemplateTable),
  as(supervisionRecordTable),
  // developer integrations (issue 16): the secret is issued through areas/developers
  as(developerTable),
  as(webhookDeliveryTable),
  as(smsTemplateTable),
  as(debugPersonnelTable),
  // OTA: applications and burns move through areas/ota
  as(otaProgramTable),
  as(otaApplicationTable),
  as(otaBurnTable),
  // potential faults (issue 18): raised by jobs/potential-faults.ts
  as(potentialFaultSettingTable),
  as(potentialFaultTable),
  // old-style maintenance orders: confirmed or invalidated through areas/maintenance/old-orders.ts
  as(oldMaintenanceOrderTable),
];

/** Written through routes of their own, never by the generic writes: access tokens (areas/identity/accounts.ts: the secret is shown once). */
const WRITTEN_ELSEWHERE = new Set<string>([accessTokenTable.entity.name]);

export const EXPOSED: Exposure[] = TABLES.map((table) => ({
  table,
  read: table.entity.permission.read,
  write: table.entity.permission.write,
  readOnly: table.entity.readOnly === true || WRITTEN_ELSEWHERE.has(table.entity.name),
}));

const BY_ENTITY = new Map(TABLES.map((table) => [table.entity.name, table]));

/** How an entity is stored, by its name: where a reference to it points. */
export function tableOf(entity: string): TableSpec {
  const table = BY_ENTITY.get(entity);
  if (!table) throw new Error(`no table stores the entity '${entity}'`);
  return table;
}
