import { monitorDevice } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { defaultColumns } from '../../components/crud/defaultColumns';
import { ExportButton } from '../../components/files/ExportButton';
import { useEntityOptions } from '../../components/options/useEntityOptions';

/** Monitor devices (index 812). */
export default function MonitorDevicesPage() {
  const elevators = useEntityOptions('elevator');
  const useUnits = useEntityOptions('useUnit');
  return (
    <CrudPage
      entity={monitorDevice}
      columns={defaultColumns(monitorDevice)}
      formOptions={{ elevatorId: elevators, useUnitId: useUnits }}
      toolbarExtra={<ExportButton entity={monitorDevice} />}
    />
  );
}
