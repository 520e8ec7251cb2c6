import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Col, Drawer, Form, Modal, Result, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type MutableRefObject, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  isEmptyPatch,
  issueMessage,
  patchOf,
  translate,
  validateInput,
  type EntityDef,
  type Field,
  type Language,
  type Localized,
  type Query,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';
import { ReplaceDeclined } from '../crud/replaceConflict';
import { FieldInput } from './FieldInput';
import { createDefaults, formFields, fromRecord, toBody } from './formBody';
import { useEntityValidator } from './useEntityValidator';
import { useOpenings } from './useOpenings';

type StoredRecord = Record<string, unknown> & { id: number; revision?: number };

export interface EntityFormProps {
  entity: EntityDef;
  open: boolean;
  /** The record chosen for editing (its id is what counts: the form reads it afresh); absent to create one. */
  record?: StoredRecord;
  /** Values the page sets and does not show (a company's type). */
  fixed?: Record<string, unknown>;
  /** Fields not shown at all. */
  hidden?: readonly string[];
  /** Filters the pickers of some references send with their searches (only maintenance companies: `{ type: 3 }`). */
  refFilters?: Record<string, Query>;
  /** Inputs of the page's own for some fields (a role's permission tree); Form.Item gives them value and onChange. */
  inputs?: Record<string, ReactElement>;
  title: string;
  onClose: () => void;
  onSaved?: (saved: unknown) => void;
  /** Saves the body instead of the entity's generic save. */
  save?: (body: Record<string, unknown>) => Promise<unknown>;
  /**
   * The fields in titled groups (an elevator's archive), shown in a wide drawer rather than a dialog; fields no
   * group names follow in a last group.
   */
  sections?: readonly FormSection[];
}

/** A titled group of a form's fields. */
export interface FormSection {
  key: string;
  title: Localized;
  fields: readonly string[];
}

/** The width of the drawer a sectioned form opens in. */
const DRAWER_WIDTH = 1080;

/**
 * A create or edit dialog built from an entity definition. Each opening mounts a new form (its own store), so
 * it shows exactly the record chosen, or an empty form for Add, whatever was opened, cancelled or saved before.
 */
export function EntityForm(props: EntityFormProps) {
  const { t } = useTranslation();
  const opening = useOpenings(props.open);
  // the dialog's Save runs the submit of the form mounted for this opening
  const submit = useRef<(() => void) | null>(null);
  const [saving, setSaving] = useState(false);
  const footer = { submit, setSaving };
  const body = props.record ? (
    <EditForm
      key={`edit-${props.record.id}-${opening}`}
      {...props}
      id={props.record.id}
      opening={opening}
      footer={footer}
    />
  ) : (
    <FormBody key={`create-${opening}`} {...props} footer={footer} />
  );
  const reset = () => {
    submit.current = null;
    setSaving(false);
  };
  if (props.sections)
    return (
      <Drawer
        open={props.open}
        title={props.title}
        onClose={props.onClose}
        afterOpenChange={(open) => (open ? undefined : reset())}
        destroyOnHidden
        size={DRAWER_WIDTH}
        data-testid="form-drawer"
        extra={
          <Space>
            <Button onClick={props.onClose} data-testid="form-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => submit.current?.()} data-testid="form-save">
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        {body}
      </Drawer>
    );
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => submit.current?.()}
      onCancel={props.onClose}
      okButtonProps={{ 'data-testid': 'form-save' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'form-cancel' } as ButtonProps}
      afterClose={reset}
      destroyOnHidden
      width={760}
    >
      {body}
    </Modal>
  );
}

interface Footer {
  submit: MutableRefObject<(() => void) | null>;
  setSaving: (saving: boolean) => void;
}

/** The record as stored now (not as a list row read minutes ago), then the form over it. */
function EditForm(props: EntityFormProps & { id: number; opening: number; footer: Footer }) {
  const { t } = useTranslation();
  const { client } = useConsole();
  const calls = client.crud<StoredRecord>(props.entity.path);
  const current = useQuery({
    queryKey: [props.entity.path, 'edit', props.id, props.opening],
    queryFn: () => calls.get(props.id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
  if (current.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="form-loading" />;
  if (current.isError)
    return (
      <Result
        status="warning"
        title={
          current.error instanceof ApiError && current.error.status === 404
            ? t('common.recordGone')
            : current.error.message
        }
      />
    );
  return <FormBody {...props} record={current.data} />;
}

/** One form over one record (or none): validation by the same schema the server runs, and its answer on the fields. */
function FormBody(props: EntityFormProps & { footer: Footer }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const mode = props.record ? 'update' : 'create';
  const fixed = props.fixed ?? {};
  // After a 409 the form is rebased on the record as it is now; the next save is judged against that revision.
  const [base, setBase] = useState(props.record);
  const [rebased, setRebased] = useState(false);
  const id = base?.id;
  const rule = useEntityValidator(props.entity, mode, form, fixed, id);
  const hidden = [...(props.hidden ?? []), ...Object.keys(fixed)];
  const fields = formFields(props.entity, mode, hidden);
  const calls = client.crud<StoredRecord>(props.entity.path);
  const initialValues = base ? fromRecord(props.entity, base) : createDefaults(props.entity);

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (body: Record<string, unknown>) => (props.save ? props.save(body) : calls.save(body)),
    onSuccess: (saved) => {
      message.success(translate(language, mode === 'create' ? 'outcome.added' : 'outcome.saved'));
      void queryClient.invalidateQueries({ queryKey: [props.entity.path] });
      props.onSaved?.(saved);
      props.onClose();
    },
    onError: (error) => {
      if (error instanceof ReplaceDeclined) return;
      if (error instanceof ApiError && error.status === 409 && error.key === 'error.stale' && base) {
        void rebase(base.id);
        return;
      }
      const shown = error instanceof ApiError ? showFieldErrors(error) : false;
      if (!shown) reportError(error);
    },
  });

  /** Someone saved the record since it was read: show theirs with this user's changes on top, to check and save. */
  const rebase = async (recordId: number) => {
    const mine = patchOf(props.entity, fromRecord(props.entity, base!), currentValues(), { id: recordId });
    try {
      const fresh = await calls.get(recordId);
      setBase(fresh);
      form.setFieldsValue({ ...fromRecord(props.entity, fresh), ...withoutIds(mine) });
      setRebased(true);
    } catch (error) {
      reportError(error);
    }
  };

  const currentValues = () => form.getFieldsValue(true) as Record<string, unknown>;

  /** Put the server's field errors on the fields; true when all of them found a field. */
  const showFieldErrors = (error: ApiError): boolean => {
    const onForm = error.fieldErrors.filter((e) => fields.some(([key]) => key === e.field.split('.')[0]));
    form.setFields(onForm.map((e) => ({ name: e.field.split('.')[0]!, errors: [e.message] })));
    return onForm.length > 0 && onForm.length === error.fieldErrors.length;
  };

  const submit = async () => {
    await form.validateFields();
    const whole = toBody(props.entity, mode, currentValues(), fixed, id);
    const issues = validateInput(props.entity, whole, mode);
    if (issues.length > 0) {
      const schema = mode === 'create' ? props.entity.createSchema : props.entity.updateSchema;
      form.setFields(
        issues.map((i) => ({ name: i.field.split('.')[0]!, errors: [issueMessage(schema, i, language)] })),
      );
      return;
    }
    if (!base) return save.mutate(whole);
    // an update sends only what the user changed, with the revision it was read at
    const before = toBody(props.entity, mode, fromRecord(props.entity, base), fixed, id);
    const patch = patchOf(props.entity, before, whole, { id: base.id, revision: base.revision });
    if (isEmptyPatch(patch)) {
      message.info(t('common.noChanges'));
      props.onClose();
      return;
    }
    save.mutate(patch);
  };

  const { submit: submitRef, setSaving } = props.footer;
  useEffect(() => {
    submitRef.current = () => void submit().catch(() => undefined);
  });
  useEffect(() => setSaving(save.isPending), [setSaving, save.isPending]);

  const item = (key: string, field: Field, span: number) => (
    <Col
      key={key}
      xs={24}
      md={wide(field, key, props.inputs) ? 24 : 12}
      xl={wide(field, key, props.inputs) ? 24 : span}
    >
      <Form.Item
        name={key}
        label={field.label[language]}
        required={field.required}
        rules={[rule(key)]}
        validateTrigger={['onChange', 'onBlur']}
        valuePropName="value"
      >
        {props.inputs?.[key] ?? <FieldInput field={field} language={language} refFilter={props.refFilters?.[key]} />}
      </Form.Item>
    </Col>
  );

  return (
    <>
      {rebased ? (
        <Alert
          type="warning"
          showIcon
          title={t('common.staleReloaded')}
          style={{ marginBottom: 16 }}
          data-testid="form-rebased"
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        data-testid={`form-${props.entity.name}`}
        data-record={base ? String(base.id) : 'new'}
        preserve={false}
        initialValues={initialValues}
      >
        {props.sections ? (
          sectionsOf(props.sections, fields, language, t('common.otherFields')).map((section) => (
            <section key={section.key} data-testid={`form-section-${section.key}`}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {section.title}
              </Typography.Title>
              <Row gutter={16}>{section.fields.map(([key, field]) => item(key, field, 8))}</Row>
            </section>
          ))
        ) : (
          <Row gutter={16}>{fields.map(([key, field]) => item(key, field, 12))}</Row>
        )}
      </Form>
    </>
  );
}

/** The form's fields by section, in the sections' order; those no section names make a last one. */
function sectionsOf(sections: readonly FormSection[], fields: [string, Field][], language: Language, other: string) {
  const named = new Set(sections.flatMap((s) => s.fields));
  const byKey = new Map(fields);
  const groups = sections.map((s) => ({
    key: s.key,
    title: s.title[language],
    fields: s.fields.flatMap((key) => (byKey.has(key) ? [[key, byKey.get(key)!] as [string, Field]] : [])),
  }));
  const rest = fields.filter(([key]) => !named.has(key));
  if (rest.length) groups.push({ key: 'other', title: other, fields: rest });
  return groups.filter((g) => g.fields.length > 0);
}

const withoutIds = (patch: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(patch).filter(([key]) => key !== 'id' && key !== 'revision'));

/** Long texts, id lists and the page's own inputs take the whole row; the rest sit two to a row. */
function wide(field: Field, key: string, inputs: Record<string, ReactElement> | undefined): boolean {
  const max = (field.schema as { maxLength?: number }).maxLength ?? 0;
  return !!inputs?.[key] || field.kind === 'ids' || max > 500;
}
