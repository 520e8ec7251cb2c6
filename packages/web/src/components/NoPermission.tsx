import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export default function NoPermission() {
  const { t } = useTranslation();
  return <Result data-testid="no-permission" status="403" title={t('shell.noPermission')} />;
}
