import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'antd';
import { EDITABLE_STATUSES, maintenanceOrder } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';
import { OldMaintOrders } from './OldMaintOrders';

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

const editable = (row: Record<string, unknown>) => EDITABLE_STATUSES.includes(Number(row.status));

/**
 * Maintenance orders (/maintWork, index 322): filters for status, company, worker and plan date come from the
 * definition; each row opens the order page (/maintWorkOrder/{id}) with its timeline and the moves allowed now.
 * The second tab holds the old-style orders (OldMaintOrders).
 */
export default function MaintWorkPage() {
  const { t } = useTranslation();
  const orders = (
    <CrudPage
      entity={maintenanceOrder}
      columns={COLUMNS}
      hiddenFormFields={['items']}
      toolbarExtra={<ExportButton entity={maintenanceOrder} />}
      testId="maint-orders"
      // edited or deleted only until a worker accepts it (the server refuses later, 409)
      canEditRow={editable}
      canDeleteRow={editable}
      extraActions={(row) => (
        <Link to={`/maintWorkOrder/${row.id}`} data-testid={`maint-order-${row.id}`}>
          {t('common.detail')}
        </Link>
      )}
    />
  );
  // the old-style orders (domain.md §4) beside them, one tab each; the orders' tab first, as before
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'orders', label: t('maint.orders'), children: orders },
        { key: 'old', label: t('maint.oldOrders'), children: <OldMaintOrders /> },
      ]}
    />
  );
}
