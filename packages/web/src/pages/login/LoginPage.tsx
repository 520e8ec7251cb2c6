import { Alert, Flex, Segmented } from 'antd';
import { LIVE_REVOKE_REASONS, liveRevokeMessageKey, translate, type LiveRevokeReason } from '@liftcloud/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/ConsoleContext';
import { ENDED_PARAM } from '../../boot/createClient';
import { DEFAULT_SYSTEM_NAME, useBranding } from '../../branding/useBranding';
import { LoginLanguages } from './LoginLanguages';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

type Method = 'password' | 'sms';

/** Why the last session ended, when the console was sent here because the server revoked it. */
function endedReason(): LiveRevokeReason | null {
  const value = new URLSearchParams(location.search).get(ENDED_PARAM);
  return (LIVE_REVOKE_REASONS as readonly (string | null)[]).includes(value) ? (value as LiveRevokeReason) : null;
}

/** Password or SMS-code login, branded for the host. Kept to light components: it is the first page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const branding = useBranding();
  const language = useLanguage();
  const [method, setMethod] = useState<Method>('password');
  const [ended] = useState(endedReason);
  const name = branding?.systemName || DEFAULT_SYSTEM_NAME;
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #0b2a5b 0%, #1668dc 100%)', padding: 16 }}
    >
      <div
        data-testid="login-card"
        style={{
          width: 400,
          maxWidth: '100%',
          background: '#fff',
          borderRadius: 8,
          padding: 24,
          boxSizing: 'border-box',
        }}
      >
        <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
          {branding?.logoSmall ? <img src={branding.logoSmall} alt="" style={{ height: 32 }} /> : null}
          <h1 style={{ margin: 0, fontSize: 20, fontWeight: 600 }} data-testid="login-system-name">
            {name}
          </h1>
        </Flex>
        {ended ? (
          <Alert
            data-testid="login-session-ended"
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={translate(language, liveRevokeMessageKey(ended))}
          />
        ) : null}
        <LoginLanguages />
        <Segmented<Method>
          block
          style={{ margin: '16px 0' }}
          value={method}
          onChange={setMethod}
          options={[
            { value: 'password', label: t('login.passwordTab') },
            { value: 'sms', label: t('login.smsTab') },
          ]}
        />
        {method === 'password' ? <PasswordLoginForm /> : <SmsLoginForm />}
      </div>
    </Flex>
  );
}
