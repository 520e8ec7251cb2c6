import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SYSTEM_NAME, useBranding } from '../../branding/useBranding';
import { LanguageSelector } from '../../layout/LanguageSelector';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

/** Password or SMS-code login, branded for the host. */
export default function LoginPage() {
  const { t } = useTranslation();
  const branding = useBranding();
  const name = branding?.systemName || DEFAULT_SYSTEM_NAME;
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #0b2a5b 0%, #1668dc 100%)', padding: 16 }}
    >
      <Card style={{ width: 400, maxWidth: '100%' }} data-testid="login-card">
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Flex align="center" gap={8}>
            {branding?.logoSmall ? <img src={branding.logoSmall} alt="" style={{ height: 32 }} /> : null}
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="login-system-name">
              {name}
            </Typography.Title>
          </Flex>
          <LanguageSelector bordered />
        </Flex>
        <Tabs
          items={[
            { key: 'password', label: t('login.passwordTab'), children: <PasswordLoginForm /> },
            { key: 'sms', label: t('login.smsTab'), children: <SmsLoginForm /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
