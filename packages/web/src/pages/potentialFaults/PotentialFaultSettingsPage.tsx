import { potentialFaultSetting } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { DetailsEditor } from './DetailsEditor';

/** Potential fault settings (/potentialFaultSetting, super admin): warning value, period, fault codes and weights. */
export default function PotentialFaultSettingsPage() {
  return (
    <CrudPage
      entity={potentialFaultSetting}
      columns={['name', 'warningValue', 'statPeriod', 'faultTemplate', 'note', 'createTime']}
      formInputs={{ details: <DetailsEditor /> }}
    />
  );
}
