import { App, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accessToken } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';

/** The caller's own access tokens for scripts: create (the secret is shown once) and revoke. */
export function AccessTokensCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const showSecret = (saved: unknown) => {
    const token = (saved as { token?: string } | null)?.token;
    if (!token) return;
    modal.info({
      title: t('account.tokens'),
      okText: t('common.close'),
      width: 560,
      content: (
        <>
          <Typography.Paragraph>{t('account.tokenShownOnce')}</Typography.Paragraph>
          <Typography.Text code copyable data-testid="new-access-token">
            {token}
          </Typography.Text>
        </>
      ),
    });
  };
  return (
    <Card title={t('account.tokens')}>
      <CrudPage
        entity={accessToken}
        columns={['name', 'prefix', 'expireTime', 'lastUsedTime', 'revokeTime']}
        canEdit={false}
        onSaved={showSecret}
      />
    </Card>
  );
}
