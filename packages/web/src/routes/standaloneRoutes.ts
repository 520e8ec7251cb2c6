/**
 * console-shell.md §2.1: routes drawn without the main layout. A parameter segment written "a,b" holds
 * several comma-joined parameters; `commaParams` names them in order (see useCommaParams).
 */
export interface RouteSpec {
  path: string;
  commaParams?: readonly string[];
}

const plain = (path: string): RouteSpec => ({ path });
const joined = (base: string, ...names: string[]): RouteSpec => ({
  path: `${base}/:${names.join('_')}`,
  commaParams: names,
});

export const STANDALONE_ROUTES: readonly RouteSpec[] = [
  ...[
    '/dataManagement',
    '/pdf',
    '/china',
    '/malaysia',
    '/cloud',
    '/cloudKanban',
    '/eocdOperate',
    '/eocdPrivate',
    '/private',
    '/h5video',
    '/h5rvideo',
    '/genGzReport',
    '/jx/imageList',
    '/doc1',
    '/elevatorMonitor/monitorCenter',
  ].map(plain),
  joined('/thirdLogin', 'username', 'password'),
  plain('/scheme/:salesOrderNo'),
  plain('/r/o/:factoryNo'),
  plain('/singleMonitor/:elevatorId'),
  plain('/singleMonitorOld/:elevatorId'),
  joined('/MarkToUseUnit', 'useUnitId', 'useUnitName'),
  joined('/monitorMore', 'useUnitId', 'buildingNum', 'useUnitName'),
  plain('/elevatorTest/:elevatorId'),
  plain('/elevatorCheck/:elevatorId'),
  plain('/elevator/:elevatorId'),
  plain('/workOrder/:workOrderId'),
  ...[
    '/dayControl',
    '/dayControlReport',
    '/weekCheck',
    '/monthDispatch',
    '/singleElevatorReport',
    '/monitorReport',
  ].map((base) => plain(`${base}/:id`)),
  plain('/meterGateway/:elevatorId/:dbNo'),
  plain('/multiElevatorReport/:elevatorsIds/:reportName'),
  plain('/singleElectricityMeterReport/:id/:meterGatewayCode/:useUnit'),
  plain('/multiElectricityMeterReport/:gwSnSet/:reportName'),
  plain('/echartReport/:id/:type'),
  plain('/maintWorkOrder/:maintWorkOrderId'),
  plain('/newMaintWorkOrder/:id'),
  plain('/simCard/:iccid'),
  plain('/8NMuztq/:workOrderId'),
  plain('/h5workOrder/:workOrderId'),
  // EOCD (issue 18): a run's waveform; not in the spec's list, opened from an elevator's runs
  plain('/eocdRun/:runId'),
];
