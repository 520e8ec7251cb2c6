import { safetyCheck } from '@liftcloud/client';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { Attachments } from '../../components/files/Attachments';
import { ExportButton } from '../../components/files/ExportButton';
import type { Row } from '../../components/list/fieldColumns';

const COLUMNS = ['checkNo', 'elevatorName', 'checkDate', 'inspector', 'hazardLevel', 'rectificationState'];

/** Safety checks (index 827, China only): the checklist in the form, its photos in a drawer. */
export default function SafetyChecksPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        entity={safetyCheck}
        columns={COLUMNS}
        toolbarExtra={<ExportButton entity={safetyCheck} />}
        extraActions={(row) => (
          <Button size="small" type="link" onClick={() => setOpen(row)} data-testid={`safety-files-${row.id}`}>
            {t('files.attachments')}
          </Button>
        )}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={800}
        title={open ? `${String(open.checkNo)} · ${safetyCheck.label[language]}` : ''}
        destroyOnHidden
      >
        {open ? <Attachments entity={safetyCheck} recordId={open.id} /> : null}
      </Drawer>
    </>
  );
}
