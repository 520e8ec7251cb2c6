import type { Permission } from '../plugins/auth.js';
import type { TableSpec } from '../store/repository.js';
import { accessTokenTable } from './accessToken.js';
import { gatewayTestTable } from './gatewayTest.js';
import { companyTable } from './company.js';
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
import { callRecordTable, hazardRecordTable } from './eventRecords.js';
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

const SMART_DEVICES = [813, 71, 73, 855] as const;
const ELEVATOR_SETTINGS = [20, 24, 109, 839] as const;

/** How each entity's routes are exposed: its store spec, who may read and write, and which writes exist. */
export interface Exposure {
  table: TableSpec;
  read: Permission;
  write: Permission;
  /** Logs are written by the server only. */
  readOnly?: boolean;
}

const as = (t: unknown) => t as TableSpec;

/** Every entity with plain CRUD routes; its permission indexes are the menu's (console-shell.md §2.2). */
const ROUTES: Exposure[] = [
  { table: as(tenantTable), read: 'superAdmin', write: 'superAdmin' },
  { table: as(companyTable), read: 12, write: 12 },
  { table: as(qualityBodyTable), read: -1, write: 12 },
  { table: as(useUnitTable), read: 16, write: 16 },
  { table: as(userTable), read: 3, write: 3 },
  { table: as(roleTable), read: 5, write: 5 },
  { table: as(announcementTable), read: -1, write: 801 },
  { table: as(messageRecordTable), read: 816, write: 816 },
  { table: as(loginLogTable), read: 817, write: 817 },
  { table: as(operationLogTable), read: 818, write: 818 },
  { table: as(uiSettingTable), read: 'superAdmin', write: 'superAdmin' },
  // created and revoked through routes/identity.ts (the secret is shown once), never updated
  { table: as(accessTokenTable), read: -1, write: -1, readOnly: true },
  // the elevator and device registry
  { table: as(elevatorTable), read: 110, write: 110 },
  { table: as(floorMappingTable), read: 110, write: 110 },
  { table: as(elevatorPartTable), read: 110, write: 110 },
  { table: as(elevatorUserTable), read: 110, write: 110 },
  { table: as(gatewayDeviceTable), read: 9, write: 9 },
  { table: as(gatewayVersionTable), read: 9, write: 'superAdmin' },
  { table: as(partTable), read: 806, write: 806 },
  { table: as(partTypeTable), read: 806, write: 806 },
  { table: as(programCardTable), read: SMART_DEVICES, write: SMART_DEVICES },
  { table: as(smartScreenTable), read: SMART_DEVICES, write: SMART_DEVICES },
  { table: as(cameraTable), read: SMART_DEVICES, write: SMART_DEVICES },
  { table: as(monitorDeviceTable), read: 812, write: 812 },
  { table: as(meterGatewayTable), read: 856, write: 856 },
  { table: as(netApplyTable), read: 814, write: 814 },
  { table: as(faultTemplateTable), read: ELEVATOR_SETTINGS, write: ELEVATOR_SETTINGS },
  { table: as(floorDisplayTemplateTable), read: ELEVATOR_SETTINGS, write: ELEVATOR_SETTINGS },
  // live monitoring: written by the ingest and the work-order routes
  { table: as(faultRecordTable), read: 117, write: 117 },
  { table: as(alarmRecordTable), read: 341, write: 341 },
  { table: as(eventRecordTable), read: 45, write: 45 },
  { table: as(callRecordTable), read: 38, write: 38 },
  { table: as(hazardRecordTable), read: 821, write: 821 },
  { table: as(workOrderTable), read: 302, write: 302 },
  { table: as(commandRecordTable), read: 9, write: 9 },
  // gateway tests: created and cancelled through routes/gateway-tests.ts (docs/decisions.md)
  { table: as(gatewayTestTable), read: 9, write: 9 },
];

/** Read-only comes from the entity definition (access tokens have their own create and revoke routes). */
export const EXPOSED: Exposure[] = ROUTES.map((e) => ({
  ...e,
  readOnly: e.readOnly ?? e.table.entity.readOnly === true,
}));
