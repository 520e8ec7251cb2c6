import { alarmRecord, callRecord, eventRecord, faultRecord, hazardRecord, type EntityDef } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';

export type RecordsKind = 'event' | 'alarmBell' | 'fault' | 'potential' | 'userTake';

const KINDS: Record<RecordsKind, { entity: EntityDef; columns: string[]; fixed?: Record<string, number> }> = {
  event: { entity: eventRecord, columns: ['elevatorName', 'dtuCode', 'kind', 'eventTime', 'detail'] },
  alarmBell: {
    entity: alarmRecord,
    columns: ['elevatorName', 'dtuCode', 'type', 'floor', 'cleared', 'alarmTime', 'workOrderId'],
    fixed: { type: 2 },
  },
  fault: {
    entity: faultRecord,
    columns: [
      'elevatorName',
      'dtuCode',
      'faultNo',
      'faultType',
      'faultTime',
      'faultStorey',
      'faultFloorCode',
      'displayFaultFloor',
      'hazardCode',
    ],
  },
  potential: {
    entity: hazardRecord,
    columns: ['elevatorName', 'dtuCode', 'code', 'description', 'hazardTime', 'faultNo', 'faultRecordId'],
  },
  userTake: {
    entity: callRecord,
    columns: ['elevatorName', 'dtuCode', 'callTime', 'durationSeconds', 'originator', 'connector', 'phone', 'audio'],
  },
};

/**
 * Read-only lists of what gateways report: event records (45), alarm-bell alarms (341, type 2), fault records
 * (117), safety hazards (821) and intercom call records (38).
 */
export default function RecordsPage(props: { kind: RecordsKind }) {
  const { entity, columns, fixed } = KINDS[props.kind];
  return (
    <CrudPage
      key={props.kind}
      entity={entity}
      columns={columns}
      fixed={fixed}
      readOnly
      toolbarExtra={<ExportButton entity={entity} fixed={fixed} />}
    />
  );
}
