/** A valid body for each writable entity, so every route can be tried from both sides of a tenant wall. */
export interface SampleRefs {
  companyId: number;
  elevatorId?: number;
  programCardId?: number;
  userId?: number;
  /** Maintenance: a type of the tenant, and an order of it that is done (what a spot check needs). */
  maintenanceTypeId?: number;
  maintenanceOrderId?: number;
  /** Supervision: a use unit of the tenant (a template's enterprise). */
  useUnitId?: number;
}

const dtu = (n: number) => String(10_000_000_000 + n);
const mac = (n: number) => `AA:BB:CC:DD:${String(n % 100).padStart(2, '0')}:${String(n % 97).padStart(2, '0')}`;

export function sampleBody(name: string, n: number, ids: SampleRefs): Record<string, unknown> {
  switch (name) {
    case 'elevator':
      return {
        name: `Lift ${n}`,
        factoryNo: `F-${n}`,
        elevatorType: 1,
        useStatus: 1,
        maintenanceCompanyId: ids.companyId,
        // a maintained lift, so it can join a maintenance plan
        ...(ids.userId ? { maintainerIds: [ids.userId] } : {}),
      };
    case 'floorMapping':
      return {
        elevatorId: ids.elevatorId,
        actualFloor: 1,
        displayedFloor: '1',
        stopsAtFloor: true,
        statusFloorCode: '01',
        faultFloorCode: '01',
      };
    case 'elevatorPart':
      return { elevatorId: ids.elevatorId, category: 'Door', name: `Door motor ${n}` };
    case 'elevatorUser':
      return { elevatorId: ids.elevatorId, companyId: ids.companyId, userId: ids.userId };
    case 'gatewayDevice':
      return { dtuCode: dtu(n) };
    case 'gatewayVersion':
      return { softwareName: 'DTU firmware', versionId: `v${n}`, version: `1.${n}`, status: 1, md5: 'a'.repeat(32) };
    case 'part':
      return { no: `PT-${n}`, name: `Part ${n}`, partsSn: String(n).padStart(34, '0') };
    case 'partType':
      return { no: `TY-${n}`, name: `Type ${n}` };
    case 'programCard':
      return { name: `Card ${n}` };
    case 'smartScreen':
      return {
        mac: mac(n),
        password: 'screen1',
        elevatorId: ids.elevatorId,
        programCardId: ids.programCardId,
        area: 'Lobby',
      };
    case 'camera':
      return { name: `Cam ${n}`, mac: mac(n + 1) };
    case 'monitorDevice':
      return { code: `MD-${n}`, name: `Monitor ${n}` };
    case 'meterGateway':
      return { code: `MG-${n}`, name: `Meter ${n}` };
    case 'netApply':
      return {
        elevatorName: `Applied ${n}`,
        factoryNo: `NA-${n}`,
        elevatorType: 1,
        dtuCode: dtu(n + 500),
        useUnitName: 'Harbour Mall',
      };
    case 'faultTemplate':
      return { name: `Faults ${n}` };
    case 'floorDisplayTemplate':
      return { name: `Display ${n}`, floors: '[]' };
    case 'tenant':
      return { name: `Tenant ${n}`, status: 1, initialCompanyName: `Root ${n}` };
    case 'company':
      return { no: `C-${n}`, name: `Company ${n}`, type: 2, parentId: ids.companyId };
    case 'qualityBody':
      return { no: `Q-${n}`, name: `Body ${n}`, region: 'Hangzhou', address: '1 Road' };
    case 'useUnit':
      return { name: `Unit ${n}`, region: 'Suzhou', longitude: 120.5, latitude: 31.3, owner: 'Owner' };
    case 'user':
      return {
        username: `user_${n}`,
        password: 'Passw0rdX',
        name: `User ${n}`,
        phone: `1350000${String(n).padStart(4, '0')}`,
        userType: 2,
        roleIds: [],
        maintainer: false,
        companyId: ids.companyId,
      };
    case 'role':
      return { name: `Role ${n}`, permissions: [110], companyId: ids.companyId };
    case 'announcement':
      return { title: `Notice ${n}`, content: 'Text' };
    case 'contract':
      return {
        contractNo: `HT-${n}`,
        siteName: `Site ${n}`,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        maintenanceCompanyId: ids.companyId,
        // a covered elevator would make two samples overlap (one valid contract per elevator and day)
        elevatorIds: [],
      };
    case 'inspection':
      return { checkNo: `NJ-${n}`, elevatorId: ids.elevatorId, checkDate: '2026-03-01', result: 1 };
    case 'safetyCheck':
      return { checkNo: `AQ-${n}`, elevatorId: ids.elevatorId, checkDate: '2026-03-01', inspector: 'Wang' };
    case 'modSalesOrder':
      return { salesOrderNo: `GZ-${n}`, customerName: `Customer ${n}`, schemeTitle: 'Door upgrade', status: 1 };
    case 'eocdThreshold':
      // speeds apart per sample: the same speed in a company asks to replace
      return {
        companyId: ids.companyId,
        speed: 1 + n / 100,
        isoHorizontalPeakToPeak: 0.3,
        isoVerticalPeakToPeak: 0.3,
        isoHorizontalA95: 0.2,
        isoVerticalA95: 0.2,
        lowPassHorizontal: 0.35,
        lowPassVertical: 0.5,
        lowPassHz: 10,
      };
    case 'eocdSetting':
      return { name: `EOCD ${n}`, elevatorIds: [ids.elevatorId], collectSeconds: 60, frequency: 256, type: 1 };
    case 'developer':
      return { code: `DEV-${n}`, name: `Developer ${n}`, status: 1, alarmPushUrl: 'https://example.com/alarms' };
    case 'smsTemplate':
      return { name: `Template ${n}`, content: 'Lift {elevator} alarm at {time}', params: 'elevator,time' };
    case 'potentialFaultSetting':
      return { name: `Setting ${n}`, warningValue: 3, statPeriod: 7, details: [{ faultCode: 12, weight: 50 }] };
    case 'debugPersonnel':
      return { userId: ids.userId, debugLevel: 2, passwordExpiry: '2030-12-31', contractNos: `HT-${n},HT-${n}-B` };
    case 'otaProgram':
      return {
        programName: `Firmware ${n}`,
        version: `1.${n}`,
        count: 10,
        isEffective: 1,
        ownedCompanyId: ids.companyId,
      };
    case 'uiSetting':
      return { host: `host${n}.example.com`, systemName: `Site ${n}` };
    case 'maintenanceType':
      return {
        name: `Type ${n}`,
        elevatorType: 1,
        classification: 1,
        items: [{ name: 'Brake', content: 'Check', requirement: 'Works', area: 1 }],
      };
    case 'maintenanceSetting':
      return { companyId: ids.companyId, autoSendDay: 0, cycle: 30, distance: 100, signInMethod: 1 };
    case 'maintenancePlan':
      return {
        name: `Plan ${n}`,
        maintenanceTypeId: ids.maintenanceTypeId,
        companyId: ids.companyId,
        elevatorIds: [ids.elevatorId],
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        cycle: 15,
      };
    case 'maintenanceOrder':
      return {
        elevatorId: ids.elevatorId,
        maintenanceTypeId: ids.maintenanceTypeId,
        companyId: ids.companyId,
        worker1Id: ids.userId,
        planDate: '2026-03-01',
      };
    case 'spotCheck':
      return {
        checkNo: `SC-${n}`,
        orderId: ids.maintenanceOrderId,
        inspector: 'Inspector',
        checkDate: '2026-03-02',
        score: 90,
        rectificationStatus: 1,
      };
    case 'supervisionTemplate':
      return {
        templateNo: `MB-${n}`,
        templateName: `Daily ${n}`,
        enterpriseId: ids.useUnitId,
        cycle: 1,
        items: [{ projectType: 'Car', projectName: 'Alarm button works', precaution: 'Press and listen' }],
      };
    case 'supervisionRecord':
      return {
        elevatorId: ids.elevatorId,
        cycle: 1,
        // one record per lift, cycle and day: each sample its own day
        controlDate: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10),
        controlResult: 'Normal',
        handleResult: 'Nothing to handle',
      };
    case 'oldMaintenanceOrder':
      return {
        orderNo: `OM-${n}`,
        elevatorId: ids.elevatorId,
        companyId: ids.companyId,
        worker1Id: ids.userId,
        maintenanceDate: '2026-03-01',
        content: 'Half-monthly maintenance, brake and doors checked',
      };
    default:
      throw new Error(`no sample for ${name}`);
  }
}
