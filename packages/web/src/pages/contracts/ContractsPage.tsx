import { contract, CONTRACT_STATE } from '@liftcloud/client';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { Attachments } from '../../components/files/Attachments';
import { ExportButton } from '../../components/files/ExportButton';
import type { Row } from '../../components/list/fieldColumns';
import { VoidContractAction } from './VoidContractAction';

const COLUMNS = ['contractNo', 'siteName', 'useUnitName', 'startDate', 'endDate', 'isOverdue', 'state'];

/** Contracts (index 820): the record, its appendix attachments in a drawer, and the void action (final). */
export default function ContractsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        entity={contract}
        columns={COLUMNS}
        refFilters={{ maintenanceCompanyId: { type: 2 } }}
        canEditRow={(row) => Number(row.state) !== CONTRACT_STATE.voided}
        toolbarExtra={<ExportButton entity={contract} />}
        extraActions={(row) => (
          <>
            <Button size="small" type="link" onClick={() => setOpen(row)} data-testid={`contract-files-${row.id}`}>
              {t('files.attachments')}
            </Button>
            <VoidContractAction row={row} />
          </>
        )}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={800}
        title={open ? `${String(open.contractNo)} · ${contract.label[language]}` : ''}
        destroyOnHidden
      >
        {open ? (
          <Attachments entity={contract} recordId={open.id} readOnly={Number(open.state) === CONTRACT_STATE.voided} />
        ) : null}
      </Drawer>
    </>
  );
}
