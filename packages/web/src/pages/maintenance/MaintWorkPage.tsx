import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { maintenanceOrder } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';

const COLUMNS = [
  'orderNo',
  'elevatorName',
  'maintenanceTypeName',
  'companyName',
  'worker1Name',
  'planDate',
  'maintenanceDate',
  'status',
  'timing',
];

/**
 * Maintenance orders (/maintWork, index 322): filters for status, company, worker and plan date come from the
 * definition; each row opens the order page (/maintWorkOrder/{id}) with its timeline and the moves allowed now.
 */
export default function MaintWorkPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={maintenanceOrder}
      columns={COLUMNS}
      hiddenFormFields={['items']}
      toolbarExtra={<ExportButton entity={maintenanceOrder} />}
      testId="maint-orders"
      extraActions={(row) => (
        <Link to={`/maintWorkOrder/${row.id}`} data-testid={`maint-order-${row.id}`}>
          {t('common.detail')}
        </Link>
      )}
    />
  );
}
