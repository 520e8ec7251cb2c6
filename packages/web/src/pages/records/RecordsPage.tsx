import { alarmRecord, eventRecord, faultRecord, type EntityDef } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';
import { useEntityOptions } from '../../components/options/useEntityOptions';

const KINDS: Record<string, { entity: EntityDef; columns: string[]; fixed?: Record<string, number> }> = {
  event: { entity: eventRecord, columns: ['elevatorName', 'dtuCode', 'kind', 'eventTime', 'detail'] },
  alarmBell: {
    entity: alarmRecord,
    columns: ['elevatorName', 'dtuCode', 'type', 'floor', 'cleared', 'alarmTime', 'workOrderId'],
    fixed: { type: 2 },
  },
  fault: {
    entity: faultRecord,
    columns: ['elevatorName', 'dtuCode', 'faultNo', 'faultTime', 'faultStorey', 'faultFloorCode', 'hazardCode'],
  },
};

/** Event records (45), alarm records of the alarm bell (341, type 2) and fault records (117): read-only lists. */
export default function RecordsPage(props: { kind: 'event' | 'alarmBell' | 'fault' }) {
  const elevators = useEntityOptions('elevator');
  const { entity, columns, fixed } = KINDS[props.kind]!;
  return (
    <CrudPage
      key={props.kind}
      entity={entity}
      columns={columns}
      fixed={fixed}
      readOnly
      formOptions={{ elevatorId: elevators }}
      toolbarExtra={<ExportButton entity={entity} fixed={fixed} />}
    />
  );
}
