import { Form, Modal, type FormInstance } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenings } from './useOpenings';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** The validated values; the dialog stays open until the caller closes it (after a save succeeds). */
  onSubmit: (values: Record<string, unknown>) => void;
  onClose: () => void;
  saving?: boolean;
  testId?: string;
  width?: number;
  /** The form's items; a function gets the form (for items that read each other). */
  children: ReactNode | ((form: FormInstance) => ReactNode);
}

/**
 * A dialog with a small form of the page's own (a finish note, a protocol): each opening gets a new form, so
 * nothing typed for one record or selection shows up in the next.
 */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const opening = useOpenings(props.open);
  const submit = useRef<(() => void) | null>(null);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={props.saving}
      onOk={() => submit.current?.()}
      onCancel={props.onClose}
      destroyOnHidden
      width={props.width}
    >
      <DialogForm key={opening} {...props} submitRef={submit} />
    </Modal>
  );
}

function DialogForm(props: FormDialogProps & { submitRef: { current: (() => void) | null } }) {
  const [form] = Form.useForm();
  const { submitRef, onSubmit } = props;
  useEffect(() => {
    submitRef.current = () =>
      void form
        .validateFields()
        .then((values) => onSubmit(values as Record<string, unknown>))
        .catch(() => undefined);
  });
  return (
    <Form form={form} layout="vertical" preserve={false} data-testid={props.testId}>
      {typeof props.children === 'function' ? props.children(form) : props.children}
    </Form>
  );
}
