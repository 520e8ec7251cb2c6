import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  elevator,
  enumLabel,
  issueMessage,
  permits,
  raiseWorkOrder,
  RaiseWorkOrderBody,
  translate,
  workOrder,
  type Language,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { FormDialog } from '../../components/form/FormDialog';
import { RefSelect } from '../../components/options/RefSelect';

/** The ways a person raises an order by hand (1, automatic, is the gateways'). */
const METHODS = [2, 3, 4] as const;
/** alarmType 1: people trapped, so people are inside. */
const PEOPLE_TRAPPED = 1;

/** The order's type; choosing "people trapped" turns "people inside" on (the caller may still turn it off). */
function TypeSelect(props: { id?: string; value?: number; onChange?: (value: number) => void; language: Language }) {
  const form = Form.useFormInstance();
  return (
    <Select
      data-testid="raise-type"
      id={props.id}
      value={props.value}
      onChange={(value: number) => {
        props.onChange?.(value);
        if (value === PEOPLE_TRAPPED) form.setFieldValue('hasPeople', true);
      }}
      options={workOrder.fields.type.enumDef!.options.map((o) => ({ value: o.code, label: o.label[props.language] }))}
    />
  );
}

/**
 * Raise a repair order by hand (a phone call, an app report, an annual inspection): raiseWorkOrder opens it in
 * state 0 and the order's page opens, where the usual actions move it.
 */
export function RaiseOrderButton() {
  const { t } = useTranslation();
  const { client, language, session } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const raise = useMutation({
    mutationFn: (body: RaiseWorkOrderBody) => client.call(raiseWorkOrder, { body }),
    onSuccess: (order) => {
      setOpen(false);
      message.success(translate(language, 'outcome.added'));
      void queryClient.invalidateQueries({ queryKey: [workOrder.path] });
      void navigate(`/workOrder/${order.id}`);
    },
  });
  if (!session || !permits(session.username, session.auth, raiseWorkOrder.permission)) return null;
  const f = workOrder.fields;
  const required = (field: keyof RaiseWorkOrderBody) => [
    { required: true, message: issueMessage(RaiseWorkOrderBody, { field, rule: 'validation.required' }, language) },
  ];
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="raise-order">
        {t('monitoring.raise')}
      </Button>
      <FormDialog
        open={open}
        title={t('monitoring.raise')}
        saving={raise.isPending}
        onSubmit={(values) => raise.mutate(values as RaiseWorkOrderBody)}
        onClose={() => setOpen(false)}
        testId="form-raise"
      >
        <Form.Item name="elevatorId" label={f.elevatorId.label[language]} rules={required('elevatorId')}>
          <RefSelect entity={elevator as typeof elevator & { nameField: string }} testId="raise-elevator" />
        </Form.Item>
        <Form.Item
          name="repairMethod"
          label={f.repairMethod.label[language]}
          rules={required('repairMethod')}
          initialValue={3}
        >
          <Select
            data-testid="raise-method"
            options={METHODS.map((m) => ({ value: m, label: enumLabel(f.repairMethod.enumDef!, m, language) }))}
          />
        </Form.Item>
        <Form.Item name="type" label={f.type.label[language]} rules={required('type')}>
          <TypeSelect language={language} />
        </Form.Item>
        <Form.Item name="contactPerson" label={f.contactPerson.label[language]}>
          <Input maxLength={50} data-testid="raise-contact" />
        </Form.Item>
        <Form.Item name="contactTel" label={f.contactTel.label[language]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="alarmPersonPhone" label={f.alarmPersonPhone.label[language]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="hasPeople" label={f.hasPeople.label[language]} valuePropName="checked" initialValue={false}>
          <Switch />
        </Form.Item>
        <Form.Item name="propertyName" label={f.propertyName.label[language]}>
          <Input maxLength={100} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
