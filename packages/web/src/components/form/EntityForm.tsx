import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Col, Form, Modal, Row } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  issueMessage,
  translate,
  validateInput,
  type EntityDef,
  type EntityName,
  type Field,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';
import type { Option } from '../fieldOptions';
import { ReplaceDeclined } from '../crud/replaceConflict';
import { FieldInput } from './FieldInput';
import { createDefaults, formFields, fromRecord, toBody } from './formBody';
import { useEntityValidator } from './useEntityValidator';

export interface EntityFormProps {
  entity: EntityDef;
  open: boolean;
  /** The record being edited; absent to create one. */
  record?: Record<string, unknown> & { id: number };
  /** Values the page sets and does not show (a company's type). */
  fixed?: Record<string, unknown>;
  /** Fields not shown at all. */
  hidden?: readonly string[];
  /** Choices for reference and id-list fields (a user's company, roles). */
  options?: Record<string, Option[]>;
  /** Inputs of the page's own for some fields (a role's permission tree); Form.Item gives them value and onChange. */
  inputs?: Record<string, ReactElement>;
  title: string;
  onClose: () => void;
  onSaved?: (saved: unknown) => void;
  /** Saves the body instead of the entity's generic save. */
  save?: (body: Record<string, unknown>) => Promise<unknown>;
}

/**
 * A create or edit form built from an entity definition: one input per writable field, required marks, and
 * validation by the same schema the server runs, so the form shows exactly the server's messages; field
 * errors the server still finds are shown on their fields.
 */
export function EntityForm(props: EntityFormProps) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const mode = props.record ? 'update' : 'create';
  const fixed = props.fixed ?? {};
  const id = props.record?.id;
  const rule = useEntityValidator(props.entity, mode, form, fixed, id);
  const hidden = [...(props.hidden ?? []), ...Object.keys(fixed)];
  const fields = formFields(props.entity, mode, hidden);

  // The dialog is destroyed when hidden, so the form mounts afresh with these values on every opening.
  const initialValues = props.record ? fromRecord(props.entity, props.record) : createDefaults(props.entity);

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (body: Record<string, unknown>) =>
      props.save
        ? props.save(body)
        : (client.entities[props.entity.name as EntityName].save(body as never) as Promise<unknown>),
    onSuccess: (saved) => {
      message.success(translate(language, mode === 'create' ? 'outcome.added' : 'outcome.saved'));
      void queryClient.invalidateQueries({ queryKey: [props.entity.path] });
      props.onSaved?.(saved);
      props.onClose();
    },
    onError: (error) => {
      if (error instanceof ReplaceDeclined) return;
      const shown = error instanceof ApiError ? showFieldErrors(error) : false;
      if (!shown) reportError(error);
    },
  });

  /** Put the server's field errors on the fields; true when all of them found a field. */
  const showFieldErrors = (error: ApiError): boolean => {
    const onForm = error.fieldErrors.filter((e) => fields.some(([key]) => key === e.field.split('.')[0]));
    form.setFields(onForm.map((e) => ({ name: e.field.split('.')[0]!, errors: [e.message] })));
    return onForm.length > 0 && onForm.length === error.fieldErrors.length;
  };

  const submit = async () => {
    await form.validateFields();
    const body = toBody(props.entity, mode, form.getFieldsValue(true) as Record<string, unknown>, fixed, id);
    const issues = validateInput(props.entity, body, mode);
    if (issues.length > 0) {
      const schema = mode === 'create' ? props.entity.createSchema : props.entity.updateSchema;
      form.setFields(
        issues.map((i) => ({ name: i.field.split('.')[0]!, errors: [issueMessage(schema, i, language)] })),
      );
      return;
    }
    save.mutate(body);
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={props.onClose}
      destroyOnHidden
      width={760}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid={`form-${props.entity.name}`}
        preserve={false}
        initialValues={initialValues}
      >
        <Row gutter={16}>
          {fields.map(([key, field]) => (
            <Col key={key} xs={24} md={wide(field, key, props.inputs) ? 24 : 12}>
              <Form.Item
                name={key}
                label={field.label[language]}
                required={field.required}
                rules={[rule(key)]}
                validateTrigger={['onChange', 'onBlur']}
                valuePropName="value"
              >
                {props.inputs?.[key] ?? <FieldInput field={field} language={language} options={props.options?.[key]} />}
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}

/** Long texts, id lists and the page's own inputs take the whole row; the rest sit two to a row. */
function wide(field: Field, key: string, inputs: Record<string, ReactElement> | undefined): boolean {
  const max = (field.schema as { maxLength?: number }).maxLength ?? 0;
  return !!inputs?.[key] || field.kind === 'ids' || max > 500;
}
