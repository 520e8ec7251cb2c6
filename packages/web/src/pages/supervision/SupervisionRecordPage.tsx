import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Layout, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  SUPERVISION_CYCLE,
  enumLabel,
  supervisionCycle,
  supervisionRecord,
  supervisionState,
  type SupervisionRecord,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { RecordMissing } from '../../components/RecordMissing';
import { RecordItemsEditor } from './RecordItemsEditor';

/** The result field each cycle fills: the daily control's, the weekly check's, the monthly dispatch's. */
const RESULT_FIELD = {
  [SUPERVISION_CYCLE.daily]: 'controlResult',
  [SUPERVISION_CYCLE.weekly]: 'checkResult',
  [SUPERVISION_CYCLE.monthly]: 'dispatchResult',
} as const;

const F = supervisionRecord.fields;

/**
 * /dayControl/{id}, /weekCheck/{id}, /monthDispatch/{id}: one supervision record to handle (items as found, the
 * cycle's result, the handle result, the officer's and director's opinions, the summary); /dayControlReport/{id}
 * the same record as a report to read and print.
 */
export default function SupervisionRecordPage(props: { report?: boolean }) {
  // notices come from this page's own App (as the maintenance order page's do)
  return (
    <App>
      <FeedbackBridge />
      <SupervisionRecordView report={props.report} />
    </App>
  );
}

function SupervisionRecordView(props: { report?: boolean }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = Number(useParams().id ?? 0);
  const [form] = Form.useForm();
  const key = ['supervisionRecord', id];
  const record = useQuery({ queryKey: key, queryFn: () => client.entities.supervisionRecord.get(id) });
  const data = record.data as SupervisionRecord | undefined;
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      client.entities.supervisionRecord.save({ ...values, id, revision: data?.revision } as never),
    onSuccess: async () => {
      message.success(t('supervision.saved'));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    // the refusal is shown here (not also by the global handler); not returned, or the mutation would wait for
    // the message to close (antd's message is a thenable) and the button stay busy meanwhile
    meta: { silent: true },
    onError: (err: Error) => {
      void message.error(err.message);
    },
  });
  if (record.error) return <RecordMissing error={record.error} id={id} />;
  if (!data) return null;
  const resultField = RESULT_FIELD[data.cycle as keyof typeof RESULT_FIELD] ?? 'controlResult';
  const label = (k: keyof typeof F) => F[k].label[language];
  const summaryShown = data.cycle !== SUPERVISION_CYCLE.daily;
  return (
    <Layout style={{ minHeight: '100vh', padding: 12 }}>
      <div style={{ maxWidth: 1000, margin: '0 auto', width: '100%' }} data-testid="supervision-record">
        <Space className="no-print">
          <Link to="/dayWeekMonthManger">
            <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0 }}>
              {t('common.back')}
            </Button>
          </Link>
          {props.report ? (
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('supervision.print')}
            </Button>
          ) : null}
        </Space>
        <Card
          title={`${enumLabel(supervisionCycle, data.cycle, language)} · ${data.elevatorName ?? ''} · ${data.controlDate}`}
          extra={
            <Tag color={data.state === 1 ? 'green' : 'orange'} data-testid="supervision-state">
              {enumLabel(supervisionState, data.state ?? 0, language)}
            </Tag>
          }
        >
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={label('elevatorName')}>{data.elevatorName}</Descriptions.Item>
            <Descriptions.Item label={label('elevatorNo')}>{data.elevatorNo}</Descriptions.Item>
            <Descriptions.Item label={label('useUnit')}>{data.useUnit}</Descriptions.Item>
            <Descriptions.Item label={label('controlDate')}>{data.controlDate}</Descriptions.Item>
            <Descriptions.Item label={label('creator')}>{data.creator}</Descriptions.Item>
            <Descriptions.Item label={label('abnormal')}>
              <span data-testid="supervision-abnormal">{data.abnormal ? t('common.yes') : t('common.no')}</span>
            </Descriptions.Item>
          </Descriptions>
          {props.report ? (
            <>
              <RecordItemsEditor value={data.items} readOnly />
              <Descriptions size="small" column={1} bordered style={{ marginTop: 12 }}>
                {([resultField, 'handleResult', 'officerOpinion', 'directorOpinion'] as const).map((k) => (
                  <Descriptions.Item key={k} label={label(k)}>
                    {String(data[k] ?? '')}
                  </Descriptions.Item>
                ))}
                {summaryShown ? <Descriptions.Item label={label('summary')}>{data.summary}</Descriptions.Item> : null}
              </Descriptions>
            </>
          ) : (
            <Form form={form} layout="vertical" style={{ marginTop: 12 }}>
              <Form.Item name="items" label={label('items')}>
                <RecordItemsEditor />
              </Form.Item>
              <Form.Item name={resultField} label={label(resultField)}>
                <Input.TextArea rows={2} maxLength={500} data-testid="supervision-result" />
              </Form.Item>
              <Form.Item name="handleResult" label={label('handleResult')} required>
                <Input.TextArea rows={2} maxLength={500} data-testid="supervision-handle" />
              </Form.Item>
              <Form.Item name="officerOpinion" label={label('officerOpinion')}>
                <Input.TextArea rows={2} maxLength={500} data-testid="supervision-officer" />
              </Form.Item>
              <Form.Item name="directorOpinion" label={label('directorOpinion')}>
                <Input.TextArea rows={2} maxLength={500} data-testid="supervision-director" />
              </Form.Item>
              {summaryShown ? (
                <Form.Item name="summary" label={label('summary')}>
                  <Input.TextArea rows={3} maxLength={2000} data-testid="supervision-summary" />
                </Form.Item>
              ) : null}
              <Button
                type="primary"
                loading={save.isPending}
                // every field as it stands, whatever it holds: the server judges the handling (and names the field)
                onClick={() => save.mutate(form.getFieldsValue() as Record<string, unknown>)}
                data-testid="supervision-save"
              >
                {t('common.save')}
              </Button>
            </Form>
          )}
        </Card>
      </div>
    </Layout>
  );
}
