import { useQuery } from '@tanstack/react-query';
import {
  alarmRecord,
  elevator,
  elevatorPart,
  faultRecord,
  floorMapping,
  permits,
  workOrder,
  type EntityDef,
  type EntityName,
  type Page,
} from '@liftcloud/client';
import { App, Button, Card, Descriptions, Layout, Space, Spin, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { RecordMissing } from '../../components/RecordMissing';
import { Attachments } from '../../components/files/Attachments';
import { LazyEntityForm } from '../../components/form/LazyEntityForm';
import { fieldColumns, type Row } from '../../components/list/fieldColumns';
import { LiveChannel } from '../../live/LiveChannel';
import { ElevatorTile } from '../monitor/ElevatorTile';
import { DetailTable } from './DetailTable';
import { ELEVATOR_SECTIONS } from './elevatorSections';

/** How many of the latest faults, alarms and repair orders the page lists (the lists themselves have the rest). */
const LATEST = 20;

/** The archive by section: every field of the record, read as the lists read it (labels, names of references). */
function Archive(props: { record: Row }) {
  const { language } = useConsole();
  const keys = new Set(Object.keys(elevator.fields));
  const named = new Set(ELEVATOR_SECTIONS.flatMap((s) => s.fields));
  const { t } = useTranslation();
  const sections = [
    ...ELEVATOR_SECTIONS,
    { key: 'other', title: null, fields: [...keys].filter((k) => !named.has(k)) },
  ].filter((s) => s.fields.some((k) => keys.has(k)));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {sections.map((s) => {
        const columns = fieldColumns(
          elevator,
          s.fields.filter((k) => keys.has(k)),
          language,
        );
        return (
          <Card
            key={s.key}
            size="small"
            title={s.title ? s.title[language] : t('common.otherFields')}
            data-testid={`archive-${s.key}`}
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 3 }}
              items={columns.map((c) => {
                const value = props.record[String(c.key)];
                const shown = c.render ? c.render(value, props.record, 0) : value;
                return {
                  key: String(c.key),
                  label: c.title as string,
                  children: (shown ?? '') === '' ? '-' : (shown as React.ReactNode),
                };
              })}
            />
          </Card>
        );
      })}
    </Space>
  );
}

/** The latest records of one kind for the elevator, newest first, read-only; `link` opens a record's own page. */
function Latest(props: { entity: EntityDef; elevatorId: number; columns: string[]; link?: (row: Row) => string }) {
  const { client, language } = useConsole();
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: [props.entity.path, 'elevator', props.elevatorId],
    queryFn: () =>
      client.entities[props.entity.name as EntityName].list({
        elevatorId: props.elevatorId,
        pageNo: 1,
        pageSize: LATEST,
      }) as Promise<Page<Row>>,
  });
  const columns = fieldColumns(props.entity, props.columns, language);
  if (props.link) {
    const link = props.link;
    const first = columns[0]!;
    const render = first.render;
    first.render = (value: unknown, row: Row, i: number) => (
      <Link to={link(row)}>{(render ? render(value, row, i) : String(value ?? row.id)) as React.ReactNode}</Link>
    );
  }
  return (
    <div data-testid={`elevator-${props.entity.name}`} data-state={list.isFetching ? 'loading' : 'finish'}>
      <Typography.Paragraph type="secondary">{t('elevatorPage.latest', { count: LATEST })}</Typography.Paragraph>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={[...(list.data?.records ?? [])].sort((a, b) => b.id - a.id)}
        pagination={false}
        columns={columns}
      />
    </div>
  );
}

/**
 * /elevator/:elevatorId, the elevator's own page: its archive by section (edited in the sectioned drawer), its
 * live state, its latest faults, alarms and repair orders, its floors, parts and files. Each tab only for a
 * user who may read what it lists.
 */
export default function ElevatorPage() {
  const { client, session, language } = useConsole();
  const { t } = useTranslation();
  const elevatorId = Number(useParams().elevatorId);
  const [editing, setEditing] = useState(false);
  const lift = useQuery({
    queryKey: [elevator.path, 'page', elevatorId],
    queryFn: () => client.entities.elevator.get(elevatorId) as Promise<Row>,
    retry: false,
    meta: { silent: true },
  });
  const may = (entity: EntityDef, write = false) =>
    !!session && permits(session.username, session.auth, write ? entity.permission.write : entity.permission.read);
  const record = lift.data;
  const tabs = record
    ? [
        { key: 'archive', label: t('elevatorPage.archive'), children: <Archive record={record} /> },
        {
          key: 'live',
          label: t('elevatorPage.live'),
          children: (
            <Space direction="vertical" style={{ width: '100%', maxWidth: 520 }}>
              <ElevatorTile elevatorId={elevatorId} title={String(record.name)} large />
              <Link to={`/singleMonitor/${elevatorId}`}>{t('elevatorPage.openMonitor')}</Link>
            </Space>
          ),
        },
        may(faultRecord) && {
          key: 'faults',
          label: t('elevatorPage.faults'),
          children: (
            <Latest
              entity={faultRecord}
              elevatorId={elevatorId}
              columns={['faultTime', 'faultNo', 'faultStorey', 'faultFloorCode', 'hazardCode']}
            />
          ),
        },
        may(alarmRecord) && {
          key: 'alarms',
          label: t('elevatorPage.alarms'),
          children: (
            <Latest
              entity={alarmRecord}
              elevatorId={elevatorId}
              columns={['alarmTime', 'type', 'floor', 'cleared', 'workOrderId']}
            />
          ),
        },
        may(workOrder) && {
          key: 'orders',
          label: t('elevatorPage.repairOrders'),
          children: (
            <Latest
              entity={workOrder}
              elevatorId={elevatorId}
              columns={['workOrderNo', 'type', 'recordState', 'alarmTime', 'finishTime']}
              link={(row) => `/workOrder/${row.id}`}
            />
          ),
        },
        may(floorMapping) && {
          key: 'floors',
          label: t('registry.floors'),
          children: (
            <DetailTable
              entity={floorMapping}
              parent={{ elevatorId }}
              columns={['actualFloor', 'displayedFloor', 'stopsAtFloor', 'statusFloorCode', 'faultFloorCode']}
              sortBy="actualFloor"
            />
          ),
        },
        may(elevatorPart) && {
          key: 'parts',
          label: t('registry.parts'),
          children: (
            <DetailTable
              entity={elevatorPart}
              parent={{ elevatorId }}
              columns={Object.keys(elevatorPart.fields)
                .filter((k) => k !== 'elevatorId')
                .slice(0, 6)}
            />
          ),
        },
        {
          key: 'files',
          label: t('files.attachments'),
          children: <Attachments entity={elevator} recordId={elevatorId} />,
        },
      ].filter((tab) => !!tab)
    : [];
  return (
    <App>
      <FeedbackBridge />
      <LiveChannel />
      <Layout style={{ minHeight: '100vh', padding: 24 }} data-testid="elevator-page">
        <div style={{ maxWidth: 1280, margin: '0 auto', width: '100%' }}>
          {lift.isError ? (
            <RecordMissing error={lift.error} id={elevatorId} />
          ) : record ? (
            <Card
              title={
                <Space>
                  <Link to="/elevator">{t('elevatorPage.backToList')}</Link>
                  <span>/</span>
                  <span data-testid="elevator-page-title">
                    {String(record.name)} · {elevator.label[language]}
                  </span>
                </Space>
              }
              extra={
                may(elevator, true) ? (
                  <Button type="primary" onClick={() => setEditing(true)} data-testid="elevator-edit">
                    {t('common.edit')}
                  </Button>
                ) : null
              }
            >
              <Tabs items={tabs} />
            </Card>
          ) : (
            <Spin style={{ display: 'block', margin: '48px auto' }} />
          )}
        </div>
      </Layout>
      {record ? (
        <LazyEntityForm
          entity={elevator}
          open={editing}
          record={record}
          sections={ELEVATOR_SECTIONS}
          refFilters={{
            manufacturerId: { type: 1 },
            maintenanceCompanyId: { type: 2 },
            propertyCompanyId: { type: 3 },
            installationCompanyId: { type: 4 },
            modificationCompanyId: { type: 5 },
          }}
          title={`${t('common.edit')} · ${String(record.name)}`}
          onSaved={() => void lift.refetch()}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </App>
  );
}
