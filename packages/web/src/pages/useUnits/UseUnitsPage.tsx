import { useUnit } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

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
  return <CrudPage entity={useUnit} columns={COLUMNS} />;
}
