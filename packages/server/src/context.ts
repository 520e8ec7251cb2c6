import type { Store } from './db/database.js';
import type { SmsProvider } from './services/sms.js';

/** What the routes share: the store and the outside services behind their interfaces. */
export interface AppContext {
  store: Store;
  sms: SmsProvider;
  /** Test harness only: the captcha answer travels with the image so a browser test can log in. */
  revealCaptcha: boolean;
  version: string;
  /** Requests per minute per IP on the login and SMS doors. */
  loginRatePerMinute: number;
  /** How long list totals are reused (0: never). */
  countCacheMs: number;
  /** Up to how many rows list totals are exact; past it they are estimated (store/list-total.ts). */
  exactTotalLimit: number;
}
