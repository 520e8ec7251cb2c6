import type { Language, Session, SessionStore } from '@liftcloud/client';
import type { CredentialsFile, StoredLogin } from './credentials.js';

export interface SessionStoreOptions {
  profile: string;
  /** The server in use: a stored login for another server is not used. */
  server: string;
  language: Language;
  /** The organisation from a flag, LIFTCTL_ORG or the profile: wins over the login's. */
  org: number | undefined;
  /** False with LIFTCTL_TOKEN: the session lives in memory for this run only. */
  persist: boolean;
}

/** The client's SessionStore for the CLI: one profile's entry of the credentials file (or memory). */
export class ProfileSessionStore implements SessionStore {
  private memory: StoredLogin | null = null;

  constructor(
    private readonly file: CredentialsFile,
    private readonly options: SessionStoreOptions,
  ) {}

  /** The stored login for this profile and server, if any. */
  login(): StoredLogin | null {
    const login = this.options.persist ? this.file.get(this.options.profile) : this.memory;
    return login && login.server === this.options.server ? login : null;
  }

  get = (): Session | null => this.login()?.session ?? null;

  set = (session: Session | null): void => {
    const login = session ? { server: this.options.server, session, orgId: null } : null;
    if (this.options.persist) this.file.put(this.options.profile, login);
    else this.memory = login;
  };

  getLanguage = (): Language => this.options.language;

  /** The language is a profile setting (liftctl profile set --language); the client never changes it. */
  setLanguage = (language: Language): void => {
    this.options.language = language;
  };

  getOrgId = (): number | null => {
    if (this.options.org !== undefined) return this.options.org;
    const login = this.login();
    return login?.orgId ?? login?.session.orgId ?? null;
  };

  setOrgId = (orgId: number | null): void => this.patch({ orgId });

  /** Remember the access token a session came from, to log in again with it when the session expires. */
  rememberAccessToken(accessToken: string): void {
    this.patch({ accessToken });
  }

  private patch(patch: Partial<StoredLogin>): void {
    if (this.options.persist) this.file.update(this.options.profile, patch);
    else if (this.memory) this.memory = { ...this.memory, ...patch };
  }
}
