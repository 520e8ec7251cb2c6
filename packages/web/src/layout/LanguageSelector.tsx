import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@liftcloud/client';
import { useConsole } from '../app/ConsoleContext';
import { LANGUAGE_NAMES } from './languageNames';

/** The choice is saved in the session store and the page reloads in the new language. */
export function LanguageSelector() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  return (
    <Select<Language>
      aria-label={t('shell.language')}
      data-testid="language-selector"
      value={language}
      variant="borderless"
      prefix={<GlobalOutlined />}
      // as wide as the language shown (a fixed 130 px left a gap before the arrow for 中文 and English)
      popupMatchSelectWidth={false}
      options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      onChange={(next) => {
        client.session.setLanguage(next);
        location.reload();
      }}
    />
  );
}
