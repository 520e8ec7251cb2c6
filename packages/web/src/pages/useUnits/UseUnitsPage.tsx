import { useUnit } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { useEntityOptions } from '../../components/options/useEntityOptions';

const COLUMNS = [
  'no',
  'name',
  'region',
  'address',
  'propertyCompanyName',
  'contact',
  'contactPhone',
  'owner',
  'elevatorCount',
];

export default function UseUnitsPage() {
  const companies = useEntityOptions('company');
  return <CrudPage entity={useUnit} columns={COLUMNS} formOptions={{ propertyCompanyId: companies }} />;
}
