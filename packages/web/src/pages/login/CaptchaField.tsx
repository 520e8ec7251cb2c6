import { Flex, Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { CaptchaAnswer } from '@liftcloud/client';

/** The code input and the server's captcha image; clicking the image draws a new one. */
export function CaptchaField(props: { captcha: CaptchaAnswer | undefined; onRefresh: () => void; rule: RuleObject }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('login.captcha')} required>
      <Flex gap={8}>
        <Form.Item name="captchaCode" noStyle rules={[props.rule]} validateTrigger={['onChange', 'onBlur']}>
          <Input autoComplete="off" placeholder={t('login.captcha')} data-testid="captcha-input" />
        </Form.Item>
        {props.captcha ? (
          <img
            src={props.captcha.image}
            alt={t('login.captcha')}
            title={t('login.captchaHint')}
            data-testid="captcha-image"
            data-captcha-key={props.captcha.key}
            onClick={props.onRefresh}
            style={{ height: 32, width: 100, cursor: 'pointer', border: '1px solid #d9d9d9', borderRadius: 6 }}
          />
        ) : (
          <div style={{ width: 100, height: 32, borderRadius: 6, background: '#f0f0f0' }} />
        )}
      </Flex>
    </Form.Item>
  );
}
