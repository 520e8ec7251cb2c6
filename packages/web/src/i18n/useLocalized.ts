import type { Localized } from '@liftcloud/client';
import { useLanguage } from '../app/ConsoleContext';

/** Picks the active language's text out of the client package's Localized labels. */
export function useLocalized(): (text: Localized) => string {
  const language = useLanguage();
  return (text) => text[language];
}
