import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@liftcloud/client';
import { useConsole } from '../app/ConsoleContext';

/** Each language names itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '中文',
  'en-US': 'English',
  'it-Italy': 'Italiano',
};

/** The choice is saved in the session store and the page reloads in the new language. */
export function LanguageSelector(props: { bordered?: boolean }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  return (
    <Select<Language>
      aria-label={t('shell.language')}
      data-testid="language-selector"
      value={language}
      variant={props.bordered ? 'outlined' : 'borderless'}
      prefix={<GlobalOutlined />}
      style={{ width: 130 }}
      options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      onChange={(next) => {
        client.session.setLanguage(next);
        location.reload();
      }}
    />
  );
}
