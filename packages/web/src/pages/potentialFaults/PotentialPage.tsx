import { potentialFault } from '@liftcloud/client';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../components/crud/CrudPage';
import RecordsPage from '../records/RecordsPage';

/**
 * /potential (index 821): the safety hazards gateways and EOCD runs report, and the potential faults the scoring
 * raised (jobs/potential-faults.ts) with what contributed; a raised one is also a hazard record (code PF-…).
 */
export default function PotentialPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'hazards', label: t('eocd.hazards'), children: <RecordsPage kind="potential" /> },
        {
          key: 'potentialFaults',
          label: t('eocd.potentialFaults'),
          children: (
            <CrudPage
              entity={potentialFault}
              readOnly
              columns={[
                'elevatorName',
                'settingName',
                'score',
                'warningValue',
                'statPeriod',
                'contributions',
                'raisedTime',
                'open',
                'clearedTime',
              ]}
            />
          ),
        },
      ]}
    />
  );
}
