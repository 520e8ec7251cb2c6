import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { workOrder } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';

const COLUMNS = ['workOrderNo', 'elevatorName', 'type', 'recordState', 'alarmTime', 'callTime', 'finishTime'];

/** Repair work orders (index 302); each opens its detail page with the allowed actions. */
export default function WorkOrdersPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={workOrder}
      columns={COLUMNS}
      readOnly
      toolbarExtra={<ExportButton entity={workOrder} />}
      extraActions={(row) => (
        <Link to={`/workOrder/${row.id}`} data-testid={`work-order-${row.id}`}>
          {t('common.detail')}
        </Link>
      )}
    />
  );
}
