import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  commandState,
  enumLabel,
  eocdSetting,
  eocdThreshold,
  pushEocdSettings,
  type EocdPushResult,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { defaultColumns } from '../../components/crud/defaultColumns';
import { ReplaceDeclined, withReplaceConfirm } from '../../components/crud/replaceConflict';
import type { Row } from '../../components/list/fieldColumns';

/** EOCD thresholds: a speed the company has asks "replace?" with the server's message, and replaces on OK. */
export function EocdThresholdsTab() {
  const { t } = useTranslation();
  const { client } = useConsole();
  const { modal } = App.useApp();
  const save = (body: Record<string, unknown>) =>
    withReplaceConfirm(
      modal,
      { title: t('eocd.replaceTitle'), ok: t('common.ok'), cancel: t('common.cancel') },
      (replace) => client.crud(eocdThreshold.path).save(body, { replace }),
    ).then((outcome) => (outcome.sent ? outcome.answer : Promise.reject(new ReplaceDeclined())));
  return <CrudPage entity={eocdThreshold} columns={defaultColumns(eocdThreshold)} save={save} />;
}

/** The command sent to one gateway, read again until it is answered (success, error or overtime). */
function CommandAnswer({ commandId }: { commandId: number }) {
  const { client, language } = useConsole();
  const command = useQuery({
    queryKey: ['commandRecords', commandId],
    queryFn: () => client.entities.commandRecord.get(commandId),
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 0 ? false : 1000),
  });
  const c = command.data;
  if (!c) return null;
  const color = c.state === 1 ? 'green' : c.state === 0 ? 'blue' : 'red';
  return (
    <span data-testid={`command-${commandId}`} data-state={c.state}>
      <Tag color={color}>{enumLabel(commandState, c.state, language) ?? String(c.state)}</Tag>
      {c.reply ? <code style={{ fontSize: 11 }}>{String(c.reply).slice(0, 200)}</code> : null}
    </span>
  );
}

/** EOCD collection settings per elevator or group; "send to gateways" pushes them and shows each gateway's answer. */
export function EocdSettingsTab() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const [results, setResults] = useState<EocdPushResult[] | null>(null);
  const push = async (row: Row) => {
    try {
      setResults(await client.call(pushEocdSettings, { params: { id: row.id } }));
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <>
      <CrudPage
        entity={eocdSetting}
        columns={['name', 'elevatorIds', 'collectSeconds', 'frequency', 'type', 'autoAcquisition', 'doorAcquisition']}
        onSaved={(saved) => void push(saved as Row)}
        extraActions={(row) => (
          <Button size="small" type="link" onClick={() => void push(row)} data-testid={`push-${row.id}`}>
            {t('eocd.push')}
          </Button>
        )}
      />
      <Modal
        open={results !== null}
        title={t('eocd.pushTitle')}
        onCancel={() => setResults(null)}
        footer={null}
        width={760}
      >
        <Table<EocdPushResult>
          rowKey="elevatorId"
          size="small"
          pagination={false}
          dataSource={results ?? []}
          columns={[
            {
              key: 'elevator',
              title: eocdSetting.fields.elevatorIds.label[language],
              render: (_, r) => r.elevatorName ?? r.elevatorId,
            },
            { key: 'dtu', dataIndex: 'dtuCode', title: 'DTU' },
            {
              key: 'answer',
              title: t('eocd.commandState'),
              render: (_, r) =>
                r.commandId && !r.error ? <CommandAnswer commandId={r.commandId} /> : <Tag color="red">{r.error}</Tag>,
            },
          ]}
        />
      </Modal>
    </>
  );
}
