import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUPERVISION_CYCLE, supervisionRecord, supervisionTemplate } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';
import { RecordItemsEditor } from './RecordItemsEditor';
import { TemplateItemsEditor } from './TemplateItemsEditor';

/** Where a record of each cycle opens (console-shell.md §2.1). */
export const RECORD_ROUTE: Record<number, string> = {
  [SUPERVISION_CYCLE.daily]: '/dayControl',
  [SUPERVISION_CYCLE.weekly]: '/weekCheck',
  [SUPERVISION_CYCLE.monthly]: '/monthDispatch',
};

/** Day, week and month supervision (/dayWeekMonthManger, index 823, China only): records and their templates. */
export default function SupervisionPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'records',
          label: t('supervision.records'),
          children: (
            <CrudPage
              entity={supervisionRecord}
              testId="supervision-records"
              columns={[
                'elevatorName',
                'elevatorNo',
                'useUnit',
                'cycle',
                'controlDate',
                'abnormal',
                'state',
                'handleResult',
                'creator',
                'createTime',
              ]}
              formInputs={{ items: <RecordItemsEditor /> }}
              toolbarExtra={<ExportButton entity={supervisionRecord} />}
              extraActions={(row) => (
                <>
                  <Link to={`${RECORD_ROUTE[Number(row.cycle)] ?? '/dayControl'}/${String(row.id)}`}>
                    <Button size="small" type="link" data-testid={`supervision-open-${String(row.id)}`}>
                      {t('supervision.open')}
                    </Button>
                  </Link>
                  <Link to={`/dayControlReport/${String(row.id)}`}>
                    <Button size="small" type="link">
                      {t('supervision.report')}
                    </Button>
                  </Link>
                </>
              )}
            />
          ),
        },
        {
          key: 'templates',
          label: t('supervision.templates'),
          children: (
            <CrudPage
              entity={supervisionTemplate}
              testId="supervision-templates"
              columns={['templateNo', 'templateName', 'enterpriseName', 'cycle', 'isDefault']}
              formInputs={{ items: <TemplateItemsEditor /> }}
            />
          ),
        },
      ]}
    />
  );
}
