import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { elevatorUser, faultTemplate, floorDisplayTemplate } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { defaultColumns } from '../../components/crud/defaultColumns';
import { EocdSettingsTab, EocdThresholdsTab } from '../eocd/EocdSettingsTabs';

/** Fault templates, floor display templates, the elevator-user relation, EOCD collection settings and thresholds. */
export default function ElevatorSettingsPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'faults',
          label: t('registry.faultTemplates'),
          children: <CrudPage entity={faultTemplate} columns={defaultColumns(faultTemplate)} />,
        },
        {
          key: 'floors',
          label: t('registry.floorTemplates'),
          children: <CrudPage entity={floorDisplayTemplate} columns={defaultColumns(floorDisplayTemplate)} />,
        },
        {
          key: 'users',
          label: t('registry.elevatorUsers'),
          children: <CrudPage entity={elevatorUser} columns={defaultColumns(elevatorUser)} />,
        },
        { key: 'eocdSettings', label: t('eocd.settings'), children: <EocdSettingsTab /> },
        { key: 'eocdThresholds', label: t('eocd.thresholds'), children: <EocdThresholdsTab /> },
      ]}
    />
  );
}
