import { inspection } from '@liftcloud/client';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { Attachments } from '../../components/files/Attachments';
import { ExportButton } from '../../components/files/ExportButton';
import type { Row } from '../../components/list/fieldColumns';

const COLUMNS = ['checkNo', 'elevatorName', 'checkDate', 'result', 'rectificationDate', 'nextCheckDate'];

/** Annual inspections (index 132): the record, its report file in a drawer, and the repair order a no-pass raised. */
export default function InspectionsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        entity={inspection}
        columns={COLUMNS}
        toolbarExtra={<ExportButton entity={inspection} />}
        extraActions={(row) => (
          <>
            <Button size="small" type="link" onClick={() => setOpen(row)} data-testid={`inspection-files-${row.id}`}>
              {t('files.attachments')}
            </Button>
            {row.workOrderId ? (
              <Link to={`/workOrder/${String(row.workOrderId)}`} data-testid={`inspection-order-${row.id}`}>
                {t('inspections.repairOrder')}
              </Link>
            ) : null}
          </>
        )}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={800}
        title={open ? `${String(open.checkNo)} · ${inspection.label[language]}` : ''}
        destroyOnHidden
      >
        {open ? <Attachments entity={inspection} recordId={open.id} /> : null}
      </Drawer>
    </>
  );
}
