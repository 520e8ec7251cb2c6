import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { part, partType } from '@liftcloud/client';
import { useLanguage } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { defaultColumns } from '../../components/crud/defaultColumns';
import { ExportButton } from '../../components/files/ExportButton';

/** Parts (index 806) and their types. */
export default function PartsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tabs
      items={[
        {
          key: 'parts',
          label: part.label[language],
          children: (
            <CrudPage entity={part} columns={defaultColumns(part)} toolbarExtra={<ExportButton entity={part} />} />
          ),
        },
        {
          key: 'types',
          label: t('registry.partTypes'),
          children: <CrudPage entity={partType} columns={defaultColumns(partType)} />,
        },
      ]}
    />
  );
}
