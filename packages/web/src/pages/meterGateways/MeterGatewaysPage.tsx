import { Tabs } from 'antd';
import { ELECTRICITY_LABELS, meterGateway } from '@liftcloud/client';
import { useLanguage } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';
import { ConsumptionTab } from '../electricity/ConsumptionTab';

const COLUMNS = ['code', 'name', 'elevatorId', 'dbNo', 'useUnitId', 'online', 'lastReportTime'];

/**
 * Electricity meters (index 856): the meter gateways that report an elevator's power use, and the consumption
 * their readings add up to (per lift and day, with the meter reports).
 */
export default function MeterGatewaysPage() {
  const language = useLanguage();
  return (
    <Tabs
      destroyOnHidden
      items={[
        {
          key: 'meters',
          label: meterGateway.label[language],
          children: (
            <CrudPage entity={meterGateway} columns={COLUMNS} toolbarExtra={<ExportButton entity={meterGateway} />} />
          ),
        },
        { key: 'consumption', label: ELECTRICITY_LABELS.consumption[language], children: <ConsumptionTab /> },
      ]}
    />
  );
}
