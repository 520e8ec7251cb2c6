import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, ChangePasswordBody, fieldLabel } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { logOutAndLeave } from '../../boot/leaving';
import { reportError } from '../../app/reportError';
import { schemaRules } from '../../components/form/schemaRule';
import { passwordMismatch } from './passwordMatch';

type Values = { oldPassword?: string; newPassword?: string; confirmPassword?: string };

/** PUT auth/password; afterwards the user logs in again with the new password. */
export function ChangePasswordCard(props: { allowed: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client, language } = useConsole();
  const [form] = Form.useForm<Values>();
  const body = () => {
    const v = form.getFieldsValue(true);
    return {
      oldPassword: v.oldPassword ?? '',
      newPassword: v.newPassword ?? '',
      confirmPassword: v.confirmPassword ?? '',
    };
  };
  const rule = schemaRules(ChangePasswordBody, body, language, passwordMismatch);
  const change = useMutation({
    meta: { silent: true },
    mutationFn: () => client.auth.changePassword(body()),
    onSuccess: async () => {
      message.success(t('account.passwordChanged'));
      await logOutAndLeave(() => client.auth.logout());
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        form.setFields(error.fieldErrors.map((e) => ({ name: e.field as keyof Values, errors: [e.message] })));
      } else if (error instanceof ApiError && error.key === 'login.oldPasswordIncorrect') {
        form.setFields([{ name: 'oldPassword', errors: [error.message] }]);
      } else reportError(error);
    },
  });
  const item = (name: keyof Values, label: string, autoComplete: string) => (
    <Form.Item name={name} label={label} rules={[rule(name)]} validateTrigger={['onChange', 'onBlur']} required>
      <Input.Password autoComplete={autoComplete} data-testid={`${name}-input`} />
    </Form.Item>
  );
  return (
    <Card title={t('account.changePassword')}>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        disabled={!props.allowed}
        onFinish={() => change.mutate()}
        data-testid="change-password"
      >
        {item('oldPassword', fieldLabel(ChangePasswordBody, 'oldPassword', language), 'current-password')}
        {item('newPassword', fieldLabel(ChangePasswordBody, 'newPassword', language), 'new-password')}
        {item('confirmPassword', fieldLabel(ChangePasswordBody, 'confirmPassword', language), 'new-password')}
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('common.save')}
        </Button>
        {props.allowed ? null : <div style={{ marginTop: 8 }}>{t('account.changeNotAllowed')}</div>}
      </Form>
    </Card>
  );
}
