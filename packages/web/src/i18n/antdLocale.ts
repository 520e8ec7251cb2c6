import type { Locale } from 'antd/es/locale';
import type { Language } from '@liftcloud/client';

/** antd's texts for the active language, loaded on demand. */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  switch (language) {
    case 'en-US':
      return (await import('antd/es/locale/en_US')).default;
    case 'it-Italy':
      return (await import('antd/es/locale/it_IT')).default;
    default:
      return (await import('antd/es/locale/zh_CN')).default;
  }
}

/**
 * dayjs with the active language's texts (dates in tables, pickers, reports). Only the console proper
 * loads it: the login page shows no dates, so /login does not download dayjs (B6).
 */
export async function loadDayjsLocale(language: Language): Promise<void> {
  const [{ default: dayjs }] = await Promise.all([
    import('dayjs'),
    language === 'en-US'
      ? import('dayjs/locale/en')
      : language === 'it-Italy'
        ? import('dayjs/locale/it')
        : import('dayjs/locale/zh-cn'),
  ]);
  dayjs.locale(DAYJS_LOCALE[language]);
}

export const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'it-Italy': 'it' };
