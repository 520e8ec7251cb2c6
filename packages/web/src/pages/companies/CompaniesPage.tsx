import { company, companyType, enumLabel } from '@liftcloud/client';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';

const COLUMNS = [
  'no',
  'name',
  'abbreviation',
  'parentName',
  'contactPerson',
  'phone',
  'brand',
  'elevatorCount',
  'userCount',
];

/** Companies of one type (1 manufacturer, 2 maintenance, 3 property, 4 installation, 5 modification, 7 agent). */
export default function CompaniesPage(props: { type: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const typeName = enumLabel(companyType, props.type, language);
  return (
    <CrudPage
      key={props.type}
      entity={company}
      columns={COLUMNS}
      fixed={{ type: props.type }}
      createTitle={t('companies.createTitle', { type: typeName })}
    />
  );
}
