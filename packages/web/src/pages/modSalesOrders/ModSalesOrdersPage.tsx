import { modSalesOrder } from '@liftcloud/client';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';

const COLUMNS = ['salesOrderNo', 'customerName', 'useUnitName', 'schemeTitle', 'totalPrice', 'validUntil', 'status'];

/** The address of an order's scheme page: opens without a login; the key is the link's secret. */
export const schemePath = (salesOrderNo: string, key: string) =>
  `/scheme/${encodeURIComponent(salesOrderNo)}?k=${encodeURIComponent(key)}`;

/** Modernisation sales orders (index 838, China only), each with the link to the scheme its customer opens. */
export default function ModSalesOrdersPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={modSalesOrder}
      columns={COLUMNS}
      toolbarExtra={<ExportButton entity={modSalesOrder} />}
      extraActions={(row) =>
        row.schemeKey ? (
          <a
            href={schemePath(String(row.salesOrderNo), String(row.schemeKey))}
            target="_blank"
            rel="noreferrer"
            data-testid={`scheme-link-${row.id}`}
          >
            {t('modSalesOrders.schemeLink')}
          </a>
        ) : null
      }
    />
  );
}
