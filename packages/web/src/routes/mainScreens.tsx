import type { ComponentType, ReactNode } from 'react';
import type { EntityName, Query } from '@liftcloud/client';
import { lazyScreen, type Preloadable } from './lazyScreen';

/**
 * The list a screen opens with: its entity's first page, with the screen's fixed filters. The boot asks for it
 * while the screen's code is still downloading (routes/firstList.ts).
 */
export interface FirstList {
  entity: EntityName;
  fixed?: Query;
}

/** A route's screen and a way to start downloading it before it renders. */
export interface ScreenEntry {
  element: ReactNode;
  preload: () => Promise<unknown>;
  list?: FirstList;
}

function entry<P extends object>(Screen: ComponentType<P> & Preloadable, props: P, list?: FirstList): ScreenEntry {
  return { element: <Screen {...props} />, preload: Screen.preload, list };
}

const Home = lazyScreen(() => import('../pages/home/HomePage'));
const Account = lazyScreen(() => import('../pages/account/AccountPage'));
const AnnouncementList = lazyScreen(() => import('../pages/announcements/AnnouncementListPage'));
const AnnouncementDetail = lazyScreen(() => import('../pages/announcements/AnnouncementDetailPage'));
const Users = lazyScreen(() => import('../pages/users/UsersPage'));
const Roles = lazyScreen(() => import('../pages/roles/RolesPage'));
const Companies = lazyScreen(() => import('../pages/companies/CompaniesPage'));
const UseUnits = lazyScreen(() => import('../pages/useUnits/UseUnitsPage'));
const QualityBodies = lazyScreen(() => import('../pages/qualityBodies/QualityBodiesPage'));
const Tenants = lazyScreen(() => import('../pages/tenants/TenantsPage'));
const Developers = lazyScreen(() => import('../pages/developers/DevelopersPage'));
const SmsTemplates = lazyScreen(() => import('../pages/smsTemplates/SmsTemplatesPage'));
const PotentialFaultSettings = lazyScreen(() => import('../pages/potentialFaults/PotentialFaultSettingsPage'));
const Potential = lazyScreen(() => import('../pages/potentialFaults/PotentialPage'));
const DebugPersonnel = lazyScreen(() => import('../pages/debugPersonnel/DebugPersonnelPage'));
const EocdOperate = lazyScreen(() => import('../pages/eocd/EocdOperatePage'));
const EocdPrivate = lazyScreen(() => import('../pages/eocd/EocdPrivatePage'));
const UiSettings = lazyScreen(() => import('../pages/uiSettings/UiSettingsPage'));
const LoginLogs = lazyScreen(() => import('../pages/logs/LoginLogPage'));
const OperationLogs = lazyScreen(() => import('../pages/logs/OperationLogPage'));
const MessageRecords = lazyScreen(() => import('../pages/messages/MessageRecordsPage'));
const SystemSetting = lazyScreen(() => import('../pages/systemSetting/SystemSettingPage'));
const Elevators = lazyScreen(() => import('../pages/elevators/ElevatorsPage'));
const Gateways = lazyScreen(() => import('../pages/gateways/GatewaysPage'));
const DeviceGateway = lazyScreen(() => import('../pages/deviceGateway/DeviceGatewayPage'));
const SmartDevices = lazyScreen(() => import('../pages/smartDevices/SmartDevicesPage'));
const ElevatorSettings = lazyScreen(() => import('../pages/elevatorSettings/ElevatorSettingsPage'));
const Parts = lazyScreen(() => import('../pages/parts/PartsPage'));
const MonitorDevices = lazyScreen(() => import('../pages/monitorDevices/MonitorDevicesPage'));
const MeterGateways = lazyScreen(() => import('../pages/meterGateways/MeterGatewaysPage'));
const NetApplies = lazyScreen(() => import('../pages/netApplies/NetAppliesPage'));
const Records = lazyScreen(() => import('../pages/records/RecordsPage'));
const Contracts = lazyScreen(() => import('../pages/contracts/ContractsPage'));
const OtaPrograms = lazyScreen(() => import('../pages/ota/OtaProgramsPage'));
const OtaApplications = lazyScreen(() => import('../pages/ota/OtaApplicationsPage'));
const OtaBurn = lazyScreen(() => import('../pages/ota/OtaBurnPage'));
const Inspections = lazyScreen(() => import('../pages/inspections/InspectionsPage'));
const SafetyChecks = lazyScreen(() => import('../pages/safetyChecks/SafetyChecksPage'));
const ModSalesOrders = lazyScreen(() => import('../pages/modSalesOrders/ModSalesOrdersPage'));
const Scheme = lazyScreen(() => import('../pages/modSalesOrders/SchemePage'));
const WorkOrders = lazyScreen(() => import('../pages/workOrders/WorkOrdersPage'));
const MultiMonitor = lazyScreen(() => import('../pages/monitor/MultiMonitorPage'));
const WorkOrder = lazyScreen(() => import('../pages/workOrders/WorkOrderPage'));
const SingleMonitor = lazyScreen(() => import('../pages/monitor/SingleMonitorPage'));
const GisMap = lazyScreen(() => import('../pages/gisMap/GisMapPage'));
const MonitorCenter = lazyScreen(() => import('../pages/monitorCenter/MonitorCenterPage'));
const Kanban = lazyScreen(() => import('../pages/kanban/KanbanPage'));
const MaintWork = lazyScreen(() => import('../pages/maintenance/MaintWorkPage'));
const MaintenanceSetting = lazyScreen(() => import('../pages/maintenance/MaintenanceSettingPage'));
const MaintOrder = lazyScreen(() => import('../pages/maintenance/MaintOrderPage'));
const EocdRun = lazyScreen(() => import('../pages/eocd/EocdRunPage'));
const Supervision = lazyScreen(() => import('../pages/supervision/SupervisionPage'));
const SupervisionRecord = lazyScreen(() => import('../pages/supervision/SupervisionRecordPage'));
const Statistics = lazyScreen(() => import('../pages/statistics/StatisticsPage'));
const SingleElevatorReport = lazyScreen(() => import('../pages/reports/SingleElevatorReportPage'));
const MultiElevatorReport = lazyScreen(() => import('../pages/reports/MultiElevatorReportPage'));
const SingleMeterReport = lazyScreen(() => import('../pages/electricity/SingleMeterReportPage'));
const MultiMeterReport = lazyScreen(() => import('../pages/electricity/MultiMeterReportPage'));
const EchartReport = lazyScreen(() => import('../pages/reports/EchartReportPage'));
const MonitorReport = lazyScreen(() =>
  import('../pages/reports/SharedReportPages').then((m) => ({ default: m.MonitorReportPage })),
);
const FaultReport = lazyScreen(() =>
  import('../pages/reports/SharedReportPages').then((m) => ({ default: m.FaultReportPage })),
);
const SharedPdf = lazyScreen(() =>
  import('../pages/reports/SharedReportPages').then((m) => ({ default: m.SharedPdfPage })),
);
const ElevatorPage = lazyScreen(() => import('../pages/elevators/ElevatorPage'));
const UseUnitMonitor = lazyScreen(() => import('../pages/useUnitMonitor/UseUnitMonitorPage'));
const UnitLifts = lazyScreen(() => import('../pages/useUnitMonitor/UnitLiftsPage'));

/** Home pages of console-shell.md §2.2 (every logged-in user). */
export const HOME_SCREENS: Record<string, ScreenEntry> = {
  '/': entry(Home, {}),
  '/account': entry(Account, {}),
  '/publicNoticeMore': entry(AnnouncementList, {}),
  '/publicNoticeDetail/:id': entry(AnnouncementDetail, {}),
};

/** Sidebar pages built so far; every other sidebar path shows NotAvailable. */
export const BUILT_MENU_SCREENS: Record<string, ScreenEntry> = {
  '/user': entry(Users, {}, { entity: 'user' }),
  '/role': entry(Roles, {}, { entity: 'role' }),
  '/createCompany': entry(Companies, { type: 1 }, { entity: 'company', fixed: { type: 1 } }),
  '/maintCompany': entry(Companies, { type: 2 }, { entity: 'company', fixed: { type: 2 } }),
  '/propertyCompany': entry(Companies, { type: 3 }, { entity: 'company', fixed: { type: 3 } }),
  '/installCompany': entry(Companies, { type: 4 }, { entity: 'company', fixed: { type: 4 } }),
  '/changeCompany': entry(Companies, { type: 5 }, { entity: 'company', fixed: { type: 5 } }),
  '/agent': entry(Companies, { type: 7 }, { entity: 'company', fixed: { type: 7 } }),
  '/useUnitCom': entry(UseUnits, {}, { entity: 'useUnit' }),
  '/quantity': entry(QualityBodies, {}),
  '/tenant': entry(Tenants, {}, { entity: 'tenant' }),
  '/developer': entry(Developers, {}),
  '/msgTemplate': entry(SmsTemplates, {}),
  '/potentialFaultSetting': entry(PotentialFaultSettings, {}),
  '/debugPersonnel': entry(DebugPersonnel, {}),
  '/uiSetting': entry(UiSettings, {}),
  '/userLoginLog': entry(LoginLogs, {}),
  '/userOperateLog': entry(OperationLogs, {}),
  '/message': entry(MessageRecords, {}),
  '/systemSetting': entry(SystemSetting, {}),
  '/elevator': entry(Elevators, {}, { entity: 'elevator' }),
  '/device': entry(Gateways, {}, { entity: 'gatewayDevice' }),
  '/deviceGateway': entry(DeviceGateway, {}),
  '/smartDevice': entry(SmartDevices, {}),
  '/elevatorSetting': entry(ElevatorSettings, {}),
  '/parts': entry(Parts, {}),
  '/monitorDevice': entry(MonitorDevices, {}),
  '/electricityMeter': entry(MeterGateways, {}),
  '/elevatorNetApply': entry(NetApplies, {}),
  '/event': entry(Records, { kind: 'event' }),
  '/alarmBell': entry(Records, { kind: 'alarmBell' }),
  '/fault': entry(Records, { kind: 'fault' }),
  '/potential': entry(Potential, {}),
  '/userTake': entry(Records, { kind: 'userTake' }),
  '/workOrder': entry(WorkOrders, {}),
  '/maintWork': entry(MaintWork, {}),
  '/maintenanceSetting': entry(MaintenanceSetting, {}),
  '/contract': entry(Contracts, {}, { entity: 'contract' }),
  '/otaProgram': entry(OtaPrograms, {}),
  '/otaApply': entry(OtaApplications, {}),
  '/otaBurn': entry(OtaBurn, {}),
  '/yearCheck': entry(Inspections, {}),
  '/safeCheck': entry(SafetyChecks, {}),
  '/modSalesOrder': entry(ModSalesOrders, {}),
  '/dayWeekMonthManger': entry(Supervision, {}),
  '/aiManger': entry(Statistics, {}),
  '/elevatorMonitor/useUnitMonitor': entry(UseUnitMonitor, {}),
  '/elevatorMonitor/singleLadderMonitor': entry(MultiMonitor, {}),
  '/elevatorMonitor/gisMap': entry(GisMap, {}),
};

/** Standalone pages built so far (outside the main layout); the others show NotAvailable. */
export const BUILT_STANDALONE_SCREENS: Record<string, ScreenEntry> = {
  '/workOrder/:workOrderId': entry(WorkOrder, {}),
  '/h5workOrder/:workOrderId': entry(WorkOrder, { h5: true }),
  '/8NMuztq/:workOrderId': entry(WorkOrder, { h5: true }),
  '/singleMonitor/:elevatorId': entry(SingleMonitor, {}),
  '/elevatorMonitor/monitorCenter': entry(MonitorCenter, {}),
  '/cloudKanban': entry(Kanban, {}),
  '/maintWorkOrder/:maintWorkOrderId': entry(MaintOrder, {}),
  '/newMaintWorkOrder/:id': entry(MaintOrder, {}),
  '/scheme/:salesOrderNo': entry(Scheme, {}),
  '/eocdRun/:runId': entry(EocdRun, {}),
  '/dayControl/:id': entry(SupervisionRecord, {}),
  '/weekCheck/:id': entry(SupervisionRecord, {}),
  '/monthDispatch/:id': entry(SupervisionRecord, {}),
  '/dayControlReport/:id': entry(SupervisionRecord, { report: true }),
  '/singleElevatorReport/:id': entry(SingleElevatorReport, {}),
  '/multiElevatorReport/:elevatorsIds/:reportName': entry(MultiElevatorReport, {}),
  '/singleElectricityMeterReport/:id/:meterGatewayCode/:useUnit': entry(SingleMeterReport, {}),
  '/multiElectricityMeterReport/:gwSnSet/:reportName': entry(MultiMeterReport, {}),
  '/echartReport/:id/:type': entry(EchartReport, {}),
  '/monitorReport/:id': entry(MonitorReport, {}),
  '/genGzReport': entry(FaultReport, {}),
  '/pdf': entry(SharedPdf, {}),
  '/elevator/:elevatorId': entry(ElevatorPage, {}),
  '/MarkToUseUnit/:useUnitId_useUnitName': entry(UnitLifts, {}),
  '/monitorMore/:useUnitId_buildingNum_useUnitName': entry(UnitLifts, { building: true }),
  '/eocdOperate': entry(EocdOperate, {}),
  '/eocdPrivate': entry(EocdPrivate, {}),
};
