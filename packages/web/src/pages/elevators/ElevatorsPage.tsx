import { elevator, elevatorPart, floorMapping } from '@liftcloud/client';
import { Button, Drawer, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { Attachments } from '../../components/files/Attachments';
import { ExportButton } from '../../components/files/ExportButton';
import { ImportButton } from '../../components/files/ImportButton';
import type { Row } from '../../components/list/fieldColumns';
import { EocdRunsTable } from '../eocd/EocdRunsTable';
import { HealthDetail } from '../../health/HealthDetail';
import { ElevatorHealthTag } from '../../health/useHealth';
import { DetailTable } from './DetailTable';
import { ELEVATOR_SECTIONS } from './elevatorSections';

/** Each company of an elevator is picked among the companies of its kind (companyType: 1 manufacturer, 2 maintenance, …). */
const COMPANY_KINDS = {
  manufacturerId: { type: 1 },
  maintenanceCompanyId: { type: 2 },
  propertyCompanyId: { type: 3 },
  installationCompanyId: { type: 4 },
  modificationCompanyId: { type: 5 },
};

const COLUMNS = ['name', 'no', 'registerCode', 'elevatorType', 'dtuCode', 'floors', 'useUnitName', 'useStatus'];

/** Elevators (index 110): the record, its floors (floor mappings), parts and attachments in a drawer, maintainers in the form. */
export default function ElevatorsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        entity={elevator}
        columns={COLUMNS}
        refFilters={COMPANY_KINDS}
        formSections={ELEVATOR_SECTIONS}
        toolbarExtra={
          <>
            <ImportButton entity="elevator" />
            <ExportButton entity={elevator} />
          </>
        }
        extraActions={(row) => (
          <>
            <Link to={`/elevator/${row.id}`} data-testid={`elevator-page-${row.id}`}>
              {t('common.detail')}
            </Link>
            <ElevatorHealthTag elevatorId={Number(row.id)} />
            <Button size="small" type="link" onClick={() => setOpen(row)} data-testid={`floors-${row.id}`}>
              {t('registry.floors')}
            </Button>
            <Link to={`/singleMonitor/${row.id}`} data-testid={`monitor-${row.id}`}>
              {t('monitoring.openMonitor')}
            </Link>
          </>
        )}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={900}
        title={open ? `${String(open.name)} · ${elevator.label[language]}` : ''}
        destroyOnHidden
      >
        {open ? (
          <Tabs
            items={[
              {
                key: 'floors',
                label: t('registry.floors'),
                children: (
                  <DetailTable
                    entity={floorMapping}
                    parent={{ elevatorId: open.id }}
                    columns={['actualFloor', 'displayedFloor', 'stopsAtFloor', 'statusFloorCode', 'faultFloorCode']}
                    sortBy="actualFloor"
                  />
                ),
              },
              {
                key: 'parts',
                label: t('registry.parts'),
                children: (
                  <DetailTable entity={elevatorPart} parent={{ elevatorId: open.id }} columns={elevatorPartColumns} />
                ),
              },
              {
                key: 'attachments',
                label: t('files.attachments'),
                children: <Attachments entity={elevator} recordId={open.id} />,
              },
              { key: 'eocd', label: t('eocd.runs'), children: <EocdRunsTable elevatorId={open.id} /> },
              { key: 'health', label: t('health.title'), children: <HealthDetail elevatorId={Number(open.id)} /> },
            ]}
          />
        ) : null}
      </Drawer>
    </>
  );
}

const elevatorPartColumns = Object.keys(elevatorPart.fields)
  .filter((k) => k !== 'elevatorId')
  .slice(0, 6);
