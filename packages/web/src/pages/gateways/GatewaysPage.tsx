import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, InputNumber, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindGateway,
  gatewayDevice,
  gatewaySelectedRules,
  issueGatewayCredentials,
  setGatewaysBlacklisted,
  setGatewaysProtocol,
  singleGatewayRules,
  translate,
  type Issue,
  type MessageKey,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { withReplaceConfirm } from '../../components/crud/replaceConflict';
import { FormDialog } from '../../components/form/FormDialog';
import { ExportButton } from '../../components/files/ExportButton';
import { ImportButton } from '../../components/files/ImportButton';
import type { Row } from '../../components/list/fieldColumns';
import { RefSelect } from '../../components/options/RefSelect';
import { pickableTarget } from '../../components/options/refTarget';
import { PushStatsDrawer } from '../deviceGateway/PushStatsDrawer';

const COLUMNS = ['dtuCode', 'deviceModel', 'elevatorName', 'bindState', 'dtuStatus', 'blackStatus', 'softVer'];
/** What a gateway binds to: the target of its elevatorId. */
const BOUND_ELEVATOR = pickableTarget(gatewayDevice.fields.elevatorId)!;
const PROTOCOL_FIELDS = ['protocols', 'motorType', 'polePairs', 'doorTypes', 'elevatorSpeed'] as const;

/** Gateways (index 9): bind to an elevator (replace asked), secrets, blacklist and protocol for chosen rows. */
export default function GatewaysPage() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [binding, setBinding] = useState<Row | null>(null);
  const [elevatorId, setElevatorId] = useState<number | null>(null);
  const [protocolOpen, setProtocolOpen] = useState(false);
  const [viewing, setViewing] = useState<{ id: number; kind: 'trafficCard' | 'stateView' } | null>(null);
  const [pushStatsOf, setPushStatsOf] = useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [gatewayDevice.path] });
  const done = () => {
    message.success(translate(language, 'outcome.done'));
    refresh();
  };
  const ruleMessage = (issues: Issue[]) =>
    issues.length === 0
      ? null
      : translate(language, issues[0]!.rule as MessageKey, {
          ...issues[0]!.params,
          field: gatewayDevice.label[language],
        });
  const needOne = (run: () => void) => () => {
    const problem = ruleMessage(gatewaySelectedRules(selected));
    if (problem) message.warning(problem);
    else run();
  };

  const bind = useMutation({
    mutationFn: ({ id, to }: { id: number; to: number | null }) =>
      withReplaceConfirm(
        modal,
        { title: t('registry.replaceTitle'), ok: t('common.ok'), cancel: t('common.cancel') },
        (replace) =>
          client.call(bindGateway, { params: { id }, body: { elevatorId: to, ...(replace ? { replace } : {}) } }),
      ),
    onSuccess: (outcome) => {
      if (!outcome.sent) return;
      setBinding(null);
      done();
    },
  });
  const blacklist = useMutation({
    mutationFn: (black: boolean) => client.call(setGatewaysBlacklisted, { body: { ids: selected, black } }),
    onSuccess: done,
  });
  const protocol = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      client.call(setGatewaysProtocol, {
        body: {
          ids: selected,
          ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')),
        },
      }),
    onSuccess: () => {
      setProtocolOpen(false);
      done();
    },
  });
  const secret = useMutation({
    mutationFn: (id: number) => client.call(issueGatewayCredentials, { params: { id } }),
    onSuccess: (answer) =>
      modal.info({
        title: t('registry.secretTitle'),
        width: 520,
        okText: t('common.close'),
        content: (
          <Typography.Paragraph copyable={{ text: answer.secret }} data-testid="gateway-secret">
            <code>{answer.secret}</code>
          </Typography.Paragraph>
        ),
      }),
  });

  const view = (kind: 'trafficCard' | 'stateView') => () => {
    const problem = ruleMessage(singleGatewayRules(selected));
    if (problem) message.warning(problem);
    else setViewing({ id: selected[0]!, kind });
  };
  const pushStats = () => {
    const problem = ruleMessage(singleGatewayRules(selected));
    if (problem) message.warning(problem);
    else setPushStatsOf(selected[0]!);
  };

  return (
    <>
      <CrudPage
        entity={gatewayDevice}
        columns={COLUMNS}
        selection={{ selected, onChange: setSelected }}
        toolbarExtra={
          <>
            <Button onClick={needOne(() => blacklist.mutate(true))} data-testid="blacklist-on">
              {t('registry.blacklistOn')}
            </Button>
            <Button onClick={needOne(() => blacklist.mutate(false))} data-testid="blacklist-off">
              {t('registry.blacklistOff')}
            </Button>
            <Button onClick={needOne(() => setProtocolOpen(true))} data-testid="protocol-button">
              {t('registry.protocol')}
            </Button>
            <Button onClick={view('trafficCard')} data-testid="traffic-card">
              {t('registry.trafficCard')}
            </Button>
            <Button onClick={view('stateView')} data-testid="state-view">
              {t('registry.stateView')}
            </Button>
            <Button onClick={pushStats} data-testid="push-stats-button">
              {t('pushStats.action')}
            </Button>
            <ImportButton entity="gatewayDevice" />
            <ExportButton entity={gatewayDevice} />
          </>
        }
        extraActions={(row) => (
          <>
            <Button
              size="small"
              type="link"
              data-testid={`bind-${row.id}`}
              onClick={() => {
                setElevatorId((row.elevatorId as number | null) ?? null);
                setBinding(row);
              }}
            >
              {t('registry.bind')}
            </Button>
            <Popconfirm
              title={t('registry.credentialsConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => secret.mutate(row.id)}
            >
              <Button size="small" type="link" data-testid={`credentials-${row.id}`}>
                {t('registry.credentials')}
              </Button>
            </Popconfirm>
          </>
        )}
      />
      <Modal
        open={binding !== null}
        title={`${t('registry.bindTitle')} · ${String(binding?.dtuCode ?? '')}`}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={bind.isPending}
        onOk={() => binding && bind.mutate({ id: binding.id, to: elevatorId })}
        onCancel={() => setBinding(null)}
        destroyOnHidden
      >
        <RefSelect
          entity={BOUND_ELEVATOR}
          style={{ width: '100%' }}
          value={elevatorId}
          onChange={(v) => setElevatorId(typeof v === 'number' ? v : null)}
          testId="bind-elevator"
        />
        {binding?.elevatorId ? (
          <Button
            type="link"
            danger
            style={{ paddingLeft: 0 }}
            onClick={() => bind.mutate({ id: binding.id, to: null })}
          >
            {t('registry.unbind')}
          </Button>
        ) : null}
      </Modal>
      <FormDialog
        open={protocolOpen}
        title={t('registry.protocol')}
        saving={protocol.isPending}
        onSubmit={(values) => protocol.mutate(values)}
        onClose={() => setProtocolOpen(false)}
        testId="protocol-form"
      >
        {PROTOCOL_FIELDS.map((key) => {
          const field = gatewayDevice.fields[key];
          return (
            <Form.Item key={key} name={key} label={field.label[language]}>
              {field.kind === 'number' ? <InputNumber style={{ width: '100%' }} /> : <Input />}
            </Form.Item>
          );
        })}
      </FormDialog>
      <GatewayView viewing={viewing} onClose={() => setViewing(null)} />
      <PushStatsDrawer gatewayId={pushStatsOf} onClose={() => setPushStatsOf(null)} />
    </>
  );
}

const TRAFFIC_FIELDS = ['dtuCode', 'simCode', 'iccid', 'signalType', 'signalStrength', 'expirationTime'];
const STATE_FIELDS = ['dtuCode', 'dtuStatus', 'linkStatus', 'temperature', 'devicePower', 'lastReportTime', 'softVer'];

/** The traffic card or the state of exactly one gateway, from its record. */
function GatewayView(props: {
  viewing: { id: number; kind: 'trafficCard' | 'stateView' } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const id = props.viewing?.id;
  const load = useQuery({
    queryKey: [gatewayDevice.path, 'view', id],
    queryFn: () => client.entities.gatewayDevice.get(id!) as Promise<Record<string, unknown>>,
    enabled: id !== undefined,
  });
  const row = load.data;
  const keys = props.viewing?.kind === 'trafficCard' ? TRAFFIC_FIELDS : STATE_FIELDS;
  return (
    <Modal
      open={props.viewing !== null}
      title={props.viewing ? t(`registry.${props.viewing.kind}`) : ''}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Descriptions
        column={1}
        bordered
        size="small"
        data-testid="gateway-view"
        items={keys.map((key) => ({
          key,
          label: gatewayDevice.fields[key as keyof typeof gatewayDevice.fields].label[language],
          children: formatValue(row?.[key]),
        }))}
      />
    </Modal>
  );
}

const formatValue = (value: unknown) =>
  value === null || value === undefined ? '-' : typeof value === 'boolean' ? (value ? '✓' : '✗') : String(value);
