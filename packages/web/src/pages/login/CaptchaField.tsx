import { Flex, Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { CaptchaAnswer } from '@liftcloud/client';
import { text } from '../../i18n/text';

/** The code input and the server's captcha image; clicking the image draws a new one. */
export function CaptchaField(props: { captcha: CaptchaAnswer | undefined; onRefresh: () => void; rule: RuleObject }) {
  return (
    <Form.Item label={text('login.captcha')} required>
      <Flex gap={8}>
        <Form.Item name="captchaCode" noStyle rules={[props.rule]} validateTrigger={['onChange', 'onBlur']}>
          <Input autoComplete="off" placeholder={text('login.captcha')} data-testid="captcha-input" />
        </Form.Item>
        {props.captcha ? (
          <img
            src={props.captcha.image}
            alt={text('login.captcha')}
            title={text('login.captchaHint')}
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
