import { monitorDevice } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { defaultColumns } from '../../components/crud/defaultColumns';
import { ExportButton } from '../../components/files/ExportButton';

/** Monitor devices (index 812). */
export default function MonitorDevicesPage() {
  return (
    <CrudPage
      entity={monitorDevice}
      columns={defaultColumns(monitorDevice)}
      toolbarExtra={<ExportButton entity={monitorDevice} />}
    />
  );
}
