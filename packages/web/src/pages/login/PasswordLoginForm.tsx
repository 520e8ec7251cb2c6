import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useConsole } from '../../app/ConsoleContext';
import { schemaRules } from '../../components/form/schemaRule';
import { CaptchaField } from './CaptchaField';
import { isCaptchaError, loginErrorText } from './loginError';
import { useAfterLogin } from './useAfterLogin';
import { useCaptcha } from './useCaptcha';
import { text } from '../../i18n/text';

interface Values {
  username?: string;
  password?: string;
  captchaCode?: string;
}

export function PasswordLoginForm() {
  const { client, language } = useConsole();
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha('password');
  const afterLogin = useAfterLogin();
  const [error, setError] = useState<string | null>(null);
  const body = () => {
    const v = form.getFieldsValue(true);
    return {
      username: (v.username ?? '').trim(),
      password: v.password ?? '',
      captchaKey: captcha.data?.key ?? '',
      captchaCode: (v.captchaCode ?? '').trim(),
    };
  };
  const rule = schemaRules(() => import('./loginSchemas').then((m) => m.PasswordLoginBody), body, language);

  const login = useMutation({
    meta: { silent: true },
    mutationFn: () => client.auth.login(body()),
    onSuccess: afterLogin,
    onError: (e) => {
      const text = loginErrorText(e, 'login');
      setError(text);
      if (isCaptchaError(e)) form.setFields([{ name: 'captchaCode', errors: [text] }]);
      form.setFieldValue('captchaCode', '');
      void captcha.refetch();
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="password-login"
      onFinish={() => login.mutate()}
      requiredMark={false}
    >
      {error ? (
        <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} data-testid="login-error" />
      ) : null}
      <Form.Item name="username" label={text('login.username')} rules={[rule('username')]} validateTrigger="onBlur">
        <Input prefix={<UserOutlined />} autoComplete="username" data-testid="username-input" />
      </Form.Item>
      <Form.Item name="password" label={text('login.password')} rules={[rule('password')]} validateTrigger="onBlur">
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="password-input" />
      </Form.Item>
      <CaptchaField captcha={captcha.data} onRefresh={() => void captcha.refetch()} rule={rule('captchaCode')} />
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-button">
        {text('login.submit')}
      </Button>
    </Form>
  );
}
