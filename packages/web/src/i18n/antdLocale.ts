import type { Locale } from 'antd/es/locale';
import type { Language } from '@liftcloud/client';

/** antd's and dayjs's texts for the active language, loaded on demand. */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  switch (language) {
    case 'en-US':
      await import('dayjs/locale/en');
      return (await import('antd/es/locale/en_US')).default;
    case 'it-Italy':
      await import('dayjs/locale/it');
      return (await import('antd/es/locale/it_IT')).default;
    default:
      await import('dayjs/locale/zh-cn');
      return (await import('antd/es/locale/zh_CN')).default;
  }
}

export const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'it-Italy': 'it' };
