import { meterGateway } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';
import { useEntityOptions } from '../../components/options/useEntityOptions';

const COLUMNS = ['code', 'name', 'elevatorId', 'dbNo', 'useUnitId', 'online', 'lastReportTime'];

/** Electricity meters (index 856): the meter gateways that report an elevator's power use. */
export default function MeterGatewaysPage() {
  const elevators = useEntityOptions('elevator');
  const useUnits = useEntityOptions('useUnit');
  return (
    <CrudPage
      entity={meterGateway}
      columns={COLUMNS}
      formOptions={{ elevatorId: elevators, useUnitId: useUnits }}
      toolbarExtra={<ExportButton entity={meterGateway} />}
    />
  );
}
