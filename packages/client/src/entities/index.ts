/** Every entity of the platform, one file each. Adding one: write its file, import it here and add it to ENTITIES. */
import { accessToken } from './accessToken.js';
import { announcement } from './announcement.js';
import { company } from './company.js';
import { contract } from './contract.js';
import { developer } from './developer.js';
import { webhookDelivery } from './webhookDelivery.js';
import { smsTemplate } from './smsTemplate.js';
import { debugPersonnel } from './debugPersonnel.js';
import { inspection } from './inspection.js';
import { safetyCheck } from './safetyCheck.js';
import { modSalesOrder } from './modSalesOrder.js';
import { loginLog } from './loginLog.js';
import { messageRecord } from './messageRecord.js';
import { operationLog } from './operationLog.js';
import { qualityBody } from './qualityBody.js';
import { role } from './role.js';
import { tenant } from './tenant.js';
import { uiSetting } from './uiSetting.js';
import { useUnit } from './useUnit.js';
import { user } from './user.js';
import { elevator } from './elevator.js';
import { elevatorPart } from './elevatorPart.js';
import { elevatorUser, faultTemplate, floorDisplayTemplate } from './elevatorSettings.js';
import { eocdRun, eocdSetting, eocdThreshold } from './eocd.js';
import { floorMapping } from './floorMapping.js';
import { gatewayDevice } from './gatewayDevice.js';
import { gatewayTest } from './gatewayTest.js';
import { gatewayVersion } from './gatewayVersion.js';
import { meterGateway, monitorDevice } from './monitoring.js';
import { netApply } from './netApply.js';
import { commandRecord } from './commandRecord.js';
import { callRecord } from './callRecord.js';
import { liftCallRecord } from './liftCallRecord.js';
import { hazardRecord } from './hazardRecord.js';
import { alarmRecord, eventRecord, faultRecord, workOrder } from './monitoring-records.js';
import { part, partType } from './part.js';
import { camera, programCard, smartScreen } from './smartDevices.js';
import { maintenanceType } from './maintenanceType.js';
import { maintenancePlan } from './maintenancePlan.js';
import { maintenanceSetting } from './maintenanceSetting.js';
import { maintenanceOrder } from './maintenanceOrder.js';
import { spotCheck } from './spotCheck.js';
import { supervisionRecord, supervisionTemplate } from './supervision.js';
import { otaApplication, otaBurn, otaProgram } from './ota.js';
import { potentialFault, potentialFaultSetting } from './potentialFault.js';
import { oldMaintenanceOrder } from './oldMaintenanceOrder.js';

// Every entity by name, one file each: the files export them, ENTITIES gathers them.
export * from './accessToken.js';
export * from './announcement.js';
export * from './callRecord.js';
export * from './liftCallRecord.js';
export * from './commandRecord.js';
export * from './company.js';
export * from './contract.js';
export * from './developer.js';
export * from './webhookDelivery.js';
export * from './smsTemplate.js';
export * from './debugPersonnel.js';
export * from './inspection.js';
export * from './safetyCheck.js';
export * from './modSalesOrder.js';
export * from './elevator.js';
export * from './elevatorPart.js';
export * from './elevatorSettings.js';
export * from './floorMapping.js';
export * from './gatewayDevice.js';
export * from './gatewayTest.js';
export * from './gatewayVersion.js';
export * from './hazardRecord.js';
export * from './loginLog.js';
export * from './messageRecord.js';
export * from './monitoring.js';
export * from './monitoring-records.js';
export * from './netApply.js';
export * from './operationLog.js';
export * from './part.js';
export * from './qualityBody.js';
export * from './role.js';
export * from './smartDevices.js';
export * from './tenant.js';
export * from './uiSetting.js';
export * from './useUnit.js';
export * from './user.js';
export * from './maintenanceType.js';
export * from './maintenancePlan.js';
export * from './maintenanceSetting.js';
export * from './maintenanceOrder.js';
export * from './spotCheck.js';
export * from './eocd.js';
export * from './event-text.js';
export * from './operation-text.js';
export * from './supervision.js';
export * from './ota.js';
export * from './potentialFault.js';
export * from './oldMaintenanceOrder.js';

export const ENTITIES = {
  eocdThreshold,
  eocdSetting,
  eocdRun,
  commandRecord,
  alarmRecord,
  eventRecord,
  faultRecord,
  callRecord,
  liftCallRecord,
  hazardRecord,
  workOrder,
  camera,
  elevator,
  elevatorPart,
  elevatorUser,
  faultTemplate,
  floorDisplayTemplate,
  floorMapping,
  gatewayDevice,
  gatewayTest,
  gatewayVersion,
  meterGateway,
  monitorDevice,
  netApply,
  part,
  partType,
  programCard,
  smartScreen,
  accessToken,
  announcement,
  company,
  contract,
  developer,
  webhookDelivery,
  smsTemplate,
  debugPersonnel,
  inspection,
  safetyCheck,
  modSalesOrder,
  loginLog,
  messageRecord,
  operationLog,
  qualityBody,
  role,
  tenant,
  uiSetting,
  useUnit,
  user,
  maintenanceType,
  maintenancePlan,
  maintenanceSetting,
  maintenanceOrder,
  spotCheck,
  supervisionTemplate,
  supervisionRecord,
  otaProgram,
  otaApplication,
  otaBurn,
  potentialFaultSetting,
  potentialFault,
  oldMaintenanceOrder,
} as const;
export type EntityName = keyof typeof ENTITIES;

import type { RecordOf, InputOf } from '../schema/entity.js';
type F<E> = E extends { fields: infer X extends import('../schema/entity.js').Fields } ? X : never;
export type Tenant = RecordOf<F<typeof tenant>>;
export type Company = RecordOf<F<typeof company>>;
export type CompanyInput = InputOf<F<typeof company>>;
export type QualityBody = RecordOf<F<typeof qualityBody>>;
export type UseUnit = RecordOf<F<typeof useUnit>>;
export type Role = RecordOf<F<typeof role>>;
export type User = RecordOf<F<typeof user>>;
export type UserInput = InputOf<F<typeof user>>;
export type Announcement = RecordOf<F<typeof announcement>>;
export type MessageRecord = RecordOf<F<typeof messageRecord>>;
export type LoginLog = RecordOf<F<typeof loginLog>>;
export type OperationLog = RecordOf<F<typeof operationLog>>;
export type UiSetting = RecordOf<F<typeof uiSetting>>;
export type AccessToken = RecordOf<F<typeof accessToken>>;
export type Elevator = RecordOf<F<typeof elevator>>;
export type ElevatorInput = InputOf<F<typeof elevator>>;
export type GatewayDevice = RecordOf<F<typeof gatewayDevice>>;
export type GatewayTest = RecordOf<F<typeof gatewayTest>>;
export type NetApply = RecordOf<F<typeof netApply>>;
export type FloorMapping = RecordOf<F<typeof floorMapping>>;
export type Part = RecordOf<F<typeof part>>;
export type SmartScreen = RecordOf<F<typeof smartScreen>>;
export type WorkOrder = RecordOf<F<typeof workOrder>>;
export type AlarmRecord = RecordOf<F<typeof alarmRecord>>;
export type CallRecord = RecordOf<F<typeof callRecord>>;
export type LiftCallRecord = RecordOf<F<typeof liftCallRecord>>;
export type HazardRecord = RecordOf<F<typeof hazardRecord>>;
export type MaintenanceType = RecordOf<F<typeof maintenanceType>>;
export type MaintenancePlan = RecordOf<F<typeof maintenancePlan>>;
export type MaintenanceSetting = RecordOf<F<typeof maintenanceSetting>>;
export type MaintenanceOrder = RecordOf<F<typeof maintenanceOrder>>;
export type SpotCheck = RecordOf<F<typeof spotCheck>>;
export type Contract = RecordOf<F<typeof contract>>;
export type Developer = RecordOf<F<typeof developer>>;
export type WebhookDelivery = RecordOf<F<typeof webhookDelivery>>;
export type SmsTemplate = RecordOf<F<typeof smsTemplate>>;
export type DebugPersonnel = RecordOf<F<typeof debugPersonnel>>;
export type Inspection = RecordOf<F<typeof inspection>>;
export type SafetyCheck = RecordOf<F<typeof safetyCheck>>;
export type ModSalesOrder = RecordOf<F<typeof modSalesOrder>>;
export type EocdThreshold = RecordOf<F<typeof eocdThreshold>>;
export type EocdSetting = RecordOf<F<typeof eocdSetting>>;
export type EocdRun = RecordOf<F<typeof eocdRun>>;
export type SupervisionTemplate = RecordOf<F<typeof supervisionTemplate>>;
export type SupervisionRecord = RecordOf<F<typeof supervisionRecord>>;
export type PotentialFaultSetting = RecordOf<F<typeof potentialFaultSetting>>;
export type PotentialFault = RecordOf<F<typeof potentialFault>>;
export type OldMaintenanceOrder = RecordOf<F<typeof oldMaintenanceOrder>>;
