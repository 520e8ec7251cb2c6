import './client-messages.js';
import type { ClientOptions, HttpClient, LiftCloudClient } from '@liftcloud/client';
import { CredentialsFile } from './config/credentials.js';
import { configDir, credentialsFile } from './config/paths.js';
import { peekConfig } from './config/peek.js';
import type { ConfigShape } from './config/profile.js';
import { ProfileStore } from './config/profile-store.js';
import { ProfileSessionStore } from './config/session-store.js';
import { apiBase, resolveSettings, type GlobalOptions, type Settings } from './config/settings.js';
import { CliError, isApiError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { debugFetch } from './http/debug-fetch.js';
import { nodeFetch } from './http/node-fetch.js';
import { DEFAULT_RETRY, retryingFetch } from './http/retry-fetch.js';
import { setLanguage, t } from './i18n/index.js';
import type { Column } from './output/columns.js';
import { parseFormat, type OutputFormat } from './output/format.js';
import { say } from './output/messages.js';
import type { RecordOutputOptions } from './output/records.js';
import { withSpinner } from './output/spinner.js';
import { terminal } from './output/terminal.js';
import { localTimeZone } from './time-zone.js';

export type TokenSource = 'env' | 'file' | 'none';

interface CallOptions {
  spinner?: boolean;
  label?: () => string;
}

/** Widest a table cell gets on a terminal before it is cut with …; -o wide shows it whole. */
const TABLE_CELL_MAX = 40;

/** Everything a command needs: settings after flags, environment and profile; the stores; a client on demand. */
export class Context {
  private store: ProfileSessionStore | undefined;
  private clientPromise: Promise<LiftCloudClient> | undefined;
  private httpPromise: Promise<HttpClient> | undefined;
  private profileStorePromise: Promise<ProfileStore> | undefined;

  private constructor(
    readonly options: GlobalOptions,
    readonly dir: string,
    /** The settings file as read at start; changes go through profileStore(). */
    readonly config: ConfigShape,
    readonly settings: Settings,
    readonly credentials: CredentialsFile,
  ) {}

  /** `storing`: for login, which keeps what it gets in the credentials file even when LIFTCTL_TOKEN is set. */
  static async create(options: GlobalOptions, storing = false): Promise<Context> {
    const dir = configDir();
    const config = peekConfig(dir);
    const resolved = resolveSettings(config, options);
    const settings = storing ? { ...resolved, envToken: undefined } : resolved;
    setLanguage(settings.language);
    return new Context(options, dir, config, settings, new CredentialsFile(credentialsFile(dir)));
  }

  /** conf, loaded only by the commands that change profiles (reading needs only the JSON file). */
  profileStore(): Promise<ProfileStore> {
    this.profileStorePromise ??= ProfileStore.open(this.dir);
    return this.profileStorePromise;
  }

  format(fallback: OutputFormat = 'table'): OutputFormat {
    return parseFormat(this.options.output, fallback);
  }

  get yes(): boolean {
    return Boolean(this.options.yes);
  }

  requireServer(): string {
    const { server } = this.settings;
    if (!server) {
      // a profile asked for by name (--profile, LIFTCTL_PROFILE) that does not exist is the likelier mistake
      const { profileName } = this.settings;
      const names = Object.keys(this.config.profiles);
      if (!this.config.profiles[profileName] && (names.length > 0 || profileName !== this.config.current))
        throw new CliError(
          t('config.unknownProfile', { name: profileName, names: names.join(', ') || '-' }),
          EXIT.usage,
        );
      throw new CliError(t('config.noServer'), EXIT.usage);
    }
    return server;
  }

  sessionStore(): ProfileSessionStore {
    this.store ??= new ProfileSessionStore(this.credentials, {
      profile: this.settings.profileName,
      server: this.requireServer(),
      language: this.settings.language,
      org: this.settings.org,
      persist: this.settings.envToken === undefined,
    });
    return this.store;
  }

  tokenSource(): TokenSource {
    if (this.settings.envToken) return 'env';
    return this.settings.server && this.sessionStore().get() ? 'file' : 'none';
  }

  /** A client for the server in use; calls that need a login go through call(). */
  client(): Promise<LiftCloudClient> {
    this.clientPromise ??= this.createClient();
    return this.clientPromise;
  }

  private async createClient(): Promise<LiftCloudClient> {
    const { LiftCloudClient } = await import('@liftcloud/client');
    return new LiftCloudClient(this.clientOptions());
  }

  /**
   * The client's request conventions alone (headers, envelope, errors), for calls that need no declared operation
   * (an entity's list and get): LiftCloudClient brings every operation's and entity's schemas (TypeBox).
   */
  http(): Promise<HttpClient> {
    this.httpPromise ??= import('./http/plain-client.js').then(
      ({ HttpClient }) => new HttpClient(this.clientOptions()),
    );
    return this.httpPromise;
  }

  private clientOptions(): ClientOptions {
    const debug = this.options.debug ? (line: string) => say.debug(line) : undefined;
    const base = nodeFetch();
    const fetch = retryingFetch(debug ? debugFetch(base, debug) : base, {
      ...DEFAULT_RETRY,
      onRetry: ({ method, url, delayMs, reason }) => say.warn(t('retry', { method, url, ms: delayMs, reason })),
    });
    return {
      baseUrl: apiBase(this.requireServer()),
      session: this.sessionStore(),
      fetch,
      onDebug: debug,
      timeZone: localTimeZone(),
    };
  }

  /** A client with a session: LIFTCTL_TOKEN is exchanged for one; without either, an auth error. */
  async authedClient(): Promise<LiftCloudClient> {
    const client = await this.client();
    await this.ensureSession();
    return client;
  }

  private async ensureSession(): Promise<void> {
    const store = this.sessionStore();
    if (!store.get() && this.settings.envToken) await this.exchange(this.settings.envToken);
    if (!store.get()) throw new CliError(t('auth.notLoggedIn', { server: this.requireServer() }), EXIT.auth);
  }

  private async exchange(accessToken: string): Promise<void> {
    await (await this.client()).auth.tokenLogin(accessToken);
    this.sessionStore().rememberAccessToken(accessToken);
  }

  /**
   * Run calls that need a login, with a spinner on a terminal when they are slow (not for calls that show
   * their own progress). A 401 from a session that came from an access token logs in again with the token
   * once and repeats; any other 401 says to log in.
   */
  call<T>(fn: (client: LiftCloudClient) => Promise<T>, opts: CallOptions = {}): Promise<T> {
    return this.withSession(() => this.client(), fn, opts);
  }

  /** call() through the request conventions alone (http()): an entity's list and get. */
  httpCall<T>(fn: (http: HttpClient) => Promise<T>, opts: CallOptions = {}): Promise<T> {
    return this.withSession(() => this.http(), fn, opts);
  }

  private async withSession<C, T>(caller: () => Promise<C>, fn: (c: C) => Promise<T>, opts: CallOptions): Promise<T> {
    const run = async () => {
      const c = await caller();
      await this.ensureSession();
      try {
        return await fn(c);
      } catch (error) {
        // Nothing answered (refused, timed out): say which server, the first thing to check.
        if (isApiError(error) && error.status === 0)
          throw new CliError(error.message, EXIT.error, [this.requireServer()]);
        if (!isApiError(error) || error.status !== 401) throw error;
        const accessToken = this.sessionStore().login()?.accessToken ?? this.settings.envToken;
        if (!accessToken) throw new CliError(error.message, EXIT.auth, [t('auth.expired')]);
        try {
          await this.exchange(accessToken);
        } catch (again) {
          if (isApiError(again) && again.status === 401)
            throw new CliError(again.message, EXIT.auth, [t('auth.expired')]);
          throw again;
        }
        return fn(c);
      }
    };
    return opts.spinner === false ? run() : withSpinner(run, opts.label);
  }

  /** Output settings for records in the chosen format. */
  recordOutput<R>(columns: Column<R>[], wideColumns: Column<R>[], fallback?: OutputFormat): RecordOutputOptions<R> {
    const term = terminal();
    return {
      format: this.format(fallback),
      columns,
      wideColumns,
      out: process.stdout,
      color: term.color,
      maxCellWidth: term.stdoutIsTTY ? TABLE_CELL_MAX : undefined,
      maxTableWidth: term.columns,
    };
  }
}
