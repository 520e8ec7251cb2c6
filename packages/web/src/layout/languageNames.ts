import type { Language } from '@liftcloud/client';

/** Each language names itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '中文',
  'en-US': 'English',
  'it-Italy': 'Italiano',
};
