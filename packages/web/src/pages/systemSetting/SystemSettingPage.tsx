import { Card, Descriptions, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { announcement, APP_VERSION, localTimeZone } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { useConsole } from '../../app/ConsoleContext';
import { useBranding } from '../../branding/useBranding';
import { LANGUAGE_NAMES } from '../../layout/languageNames';

/** What this console and its server are (versions and addresses), and the announcements everyone reads. */
export default function SystemSettingPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'info', label: t('systemSetting.title'), children: <SystemInfo /> },
        {
          key: 'announcements',
          label: t('shell.announcements'),
          children: <CrudPage entity={announcement} columns={['title', 'pinned', 'publisher', 'publishTime']} />,
        },
      ]}
    />
  );
}

function SystemInfo() {
  const { t } = useTranslation();
  const { config, language } = useConsole();
  const branding = useBranding();
  return (
    <Card title={t('systemSetting.title')} data-testid="system-setting">
      <Descriptions
        column={1}
        bordered
        items={[
          { key: 'console', label: t('systemSetting.consoleVersion'), children: APP_VERSION },
          { key: 'server', label: t('systemSetting.serverVersion'), children: config.version || '-' },
          { key: 'api', label: t('systemSetting.apiBase'), children: config.apiBase },
          { key: 'ws', label: t('systemSetting.wsUrl'), children: config.wsUrl || '-' },
          { key: 'host', label: t('systemSetting.host'), children: location.hostname },
          { key: 'name', label: t('systemSetting.systemName'), children: branding?.systemName ?? '-' },
          { key: 'language', label: t('systemSetting.language'), children: LANGUAGE_NAMES[language] },
          { key: 'tz', label: t('systemSetting.timeZone'), children: localTimeZone() },
        ]}
      />
    </Card>
  );
}
