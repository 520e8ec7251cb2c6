import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a registered page whose issue has not landed yet shows. */
export default function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Card data-testid="not-available" style={{ margin: 24 }}>
      <Typography.Text>{t('shell.notAvailable')}</Typography.Text>
    </Card>
  );
}
