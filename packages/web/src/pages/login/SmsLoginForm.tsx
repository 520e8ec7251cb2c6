import { MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useConsole } from '../../app/ConsoleContext';
import { withFeedback } from '../../app/feedback';
import { schemaRules } from '../../components/form/schemaRule';
import { CaptchaField } from './CaptchaField';
import { isCaptchaError, loginErrorText } from './loginError';
import { useAfterLogin } from './useAfterLogin';
import { useCaptcha } from './useCaptcha';
import { useCountdown } from './useCountdown';
import { text } from '../../i18n/text';

/** Wait before another SMS code may be asked for. */
export const SMS_RESEND_SECONDS = 60;

interface Values {
  phone?: string;
  captchaCode?: string;
  code?: string;
}

export function SmsLoginForm() {
  const { client, language } = useConsole();
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha('sms');
  const afterLogin = useAfterLogin();
  const [countdown, startCountdown] = useCountdown();
  const [error, setError] = useState<string | null>(null);
  const values = () => form.getFieldsValue(true);
  const sendBody = () => ({
    phone: (values().phone ?? '').trim(),
    captchaKey: captcha.data?.key ?? '',
    captchaCode: (values().captchaCode ?? '').trim(),
  });
  const loginBody = () => ({ phone: (values().phone ?? '').trim(), code: (values().code ?? '').trim() });
  const sendRule = schemaRules(() => import('./loginSchemas').then((m) => m.SmsSendBody), sendBody, language);
  const loginRule = schemaRules(() => import('./loginSchemas').then((m) => m.SmsLoginBody), loginBody, language);

  const send = useMutation({
    meta: { silent: true },
    mutationFn: () => client.auth.sendSms(sendBody()),
    onSuccess: () => {
      setError(null);
      withFeedback((ui) => ui.message.success(text('login.smsSent')));
      startCountdown(SMS_RESEND_SECONDS);
    },
    onError: (e) => {
      const text = loginErrorText(e, 'sms');
      setError(text);
      if (isCaptchaError(e)) form.setFields([{ name: 'captchaCode', errors: [text] }]);
      void captcha.refetch();
    },
  });
  const login = useMutation({
    meta: { silent: true },
    mutationFn: () => client.auth.smsLogin(loginBody()),
    onSuccess: afterLogin,
    onError: (e) => setError(loginErrorText(e, 'login')),
  });

  const requestCode = async () => {
    await form.validateFields(['phone', 'captchaCode']).then(
      () => send.mutate(),
      () => undefined,
    );
  };

  return (
    <Form form={form} layout="vertical" data-testid="sms-login" onFinish={() => login.mutate()} requiredMark={false}>
      {error ? (
        <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} data-testid="login-error" />
      ) : null}
      <Form.Item name="phone" label={text('login.phone')} rules={[sendRule('phone')]} validateTrigger="onBlur">
        <Input prefix={<MobileOutlined />} autoComplete="tel" maxLength={11} data-testid="phone-input" />
      </Form.Item>
      <CaptchaField captcha={captcha.data} onRefresh={() => void captcha.refetch()} rule={sendRule('captchaCode')} />
      <Form.Item label={text('login.smsCode')} required>
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[loginRule('code')]} validateTrigger="onBlur">
            <Input prefix={<MessageOutlined />} autoComplete="one-time-code" data-testid="sms-code-input" />
          </Form.Item>
          <Button
            onClick={() => void requestCode()}
            disabled={countdown > 0}
            loading={send.isPending}
            data-testid="send-sms-button"
            style={{ minWidth: 120 }}
          >
            {countdown > 0 ? text('login.resend', { seconds: countdown }) : text('login.sendCode')}
          </Button>
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="sms-login-button">
        {text('login.submit')}
      </Button>
    </Form>
  );
}
