import 'i18next';
import type { enUS } from './catalogues/en-US';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof enUS };
  }
}
