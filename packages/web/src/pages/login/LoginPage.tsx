import { Alert, Flex, Segmented } from 'antd';
import { LIVE_REVOKE_REASONS, liveRevokeMessageKey, translate, type LiveRevokeReason } from '@liftcloud/client';
import { useState } from 'react';
import { useLanguage } from '../../app/ConsoleContext';
import { ENDED_PARAM } from '../../boot/createClient';
import { DEFAULT_SYSTEM_NAME, useBranding } from '../../branding/useBranding';
import { LoginLanguages } from './LoginLanguages';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';
import { text } from '../../i18n/text';

type Method = 'password' | 'sms';

/** LiftCloud's mark (a lift car between its guide rails) where the host has no logo of its own. */
function DefaultLogo() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" data-testid="login-logo">
      <rect width="32" height="32" rx="6" fill="#1668dc" />
      <rect x="7" y="5" width="2" height="22" fill="#fff" />
      <rect x="23" y="5" width="2" height="22" fill="#fff" />
      <rect x="11" y="10" width="10" height="12" rx="1.5" fill="#fff" />
      <path d="M16 12.5l2.5 3h-5z M16 19.5l-2.5-3h5z" fill="#1668dc" />
    </svg>
  );
}

/** Why the last session ended, when the console was sent here because the server revoked it. */
function endedReason(): LiveRevokeReason | null {
  const value = new URLSearchParams(location.search).get(ENDED_PARAM);
  return (LIVE_REVOKE_REASONS as readonly (string | null)[]).includes(value) ? (value as LiveRevokeReason) : null;
}

/** Password or SMS-code login, branded for the host. Kept to light components: it is the first page. */
export default function LoginPage() {
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
          {branding?.logoSmall ? (
            <img src={branding.logoSmall} alt="" style={{ height: 32 }} data-testid="login-logo" />
          ) : (
            <DefaultLogo />
          )}
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
            { value: 'password', label: text('login.passwordTab') },
            { value: 'sms', label: text('login.smsTab') },
          ]}
        />
        {method === 'password' ? <PasswordLoginForm /> : <SmsLoginForm />}
      </div>
    </Flex>
  );
}
