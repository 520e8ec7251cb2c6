import { meterGateway } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';

const COLUMNS = ['code', 'name', 'elevatorId', 'dbNo', 'useUnitId', 'online', 'lastReportTime'];

/** Electricity meters (index 856): the meter gateways that report an elevator's power use. */
export default function MeterGatewaysPage() {
  return <CrudPage entity={meterGateway} columns={COLUMNS} toolbarExtra={<ExportButton entity={meterGateway} />} />;
}
