import { isLanguage, type Language } from './i18n/languages.js';

/** The UI setting the console keeps after login (console-shell.md §3). */
export interface SessionUiSetting {
  systemName: string;
  faviconIcon: string | null;
  logoLarge: string | null;
  logoSmall: string | null;
}

/** What the console keeps between pages, as console-shell.md §3 lists it. */
export interface Session {
  token: string;
  username: string;
  /** 0/1 flags, index n allowed when character n is 1. */
  auth: string;
  userType: number;
  orgId: number;
  tenantAdmin: boolean;
  imUsername: string;
  /** A per-session instant-messaging secret, never the account password (guide/security.md). */
  imPassword: string;
  uiSetting: SessionUiSetting;
  platform: string;
  captchaShown: boolean;
  mustChangePassword: boolean;
}

/**
 * Where a front end keeps the session and the chosen language: localStorage in the browser, a file only
 * its owner can read in the CLI, memory in tests.
 */
export interface SessionStore {
  get(): Session | null;
  set(session: Session | null): void;
  getLanguage(): Language | null;
  setLanguage(language: Language): void;
  /** The organisation chosen in the selector; defaults to the session's. */
  getOrgId(): number | null;
  setOrgId(orgId: number | null): void;
}

export class MemorySessionStore implements SessionStore {
  private session: Session | null = null;
  private language: Language | null = null;
  private orgId: number | null = null;
  get = () => this.session;
  set = (session: Session | null) => {
    this.session = session;
    if (!session) this.orgId = null;
  };
  getLanguage = () => this.language;
  setLanguage = (language: Language) => {
    this.language = language;
  };
  getOrgId = () => this.orgId ?? this.session?.orgId ?? null;
  setOrgId = (orgId: number | null) => {
    this.orgId = orgId;
  };
}

/** Minimal Storage shape so this file needs no DOM types. */
interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export class LocalStorageSessionStore implements SessionStore {
  constructor(
    private readonly storage: StorageLike,
    private readonly prefix = 'liftcloud.',
  ) {}
  private read<T>(key: string): T | null {
    const raw = this.storage.getItem(this.prefix + key);
    if (raw == null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  }
  private write(key: string, value: unknown) {
    if (value == null) this.storage.removeItem(this.prefix + key);
    else this.storage.setItem(this.prefix + key, JSON.stringify(value));
  }
  get = () => this.read<Session>('session');
  set = (session: Session | null) => {
    this.write('session', session);
    if (!session) this.write('orgId', null);
  };
  /** The stored language; null where none is stored or it is not one the console speaks (an older or hand-edited value). */
  getLanguage = () => {
    const language = this.read<unknown>('language');
    return isLanguage(language) ? language : null;
  };
  setLanguage = (language: Language) => this.write('language', language);
  getOrgId = () => this.read<number>('orgId') ?? this.get()?.orgId ?? null;
  setOrgId = (orgId: number | null) => this.write('orgId', orgId);
}
