import { languages, type Language } from '../client-light.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { environmentLanguage, t } from '../i18n/index.js';
import { ENV, envValue } from './env.js';
import type { ConfigShape, Profile } from './profile.js';

/** The options every command accepts (commander's optsWithGlobals()). */
export interface GlobalOptions {
  output?: string;
  profile?: string;
  server?: string;
  org?: string;
  debug?: boolean;
  yes?: boolean;
}

/** What a run uses, after flags, environment and profile are combined (in that order of precedence). */
export interface Settings {
  profileName: string;
  profile: Profile;
  server: string | undefined;
  org: number | undefined;
  language: Language;
  /** LIFTCTL_TOKEN: an access token that replaces the stored login for this run. */
  envToken: string | undefined;
}

export function parseOrg(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new CliError(t('profile.badOrg', { value }), EXIT.usage);
  return Number(value);
}

/**
 * A server typed without a scheme: http for this machine, https for anything else. Without a scheme the host
 * must look like one (localhost, an IP address, or a dotted name such as liftcloud.example.com): a single word
 * (`notaurl`) is refused rather than kept as https://notaurl; with a scheme any host is taken (http://lift-gw:8080).
 */
function withScheme(value: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  if (!/^(localhost|\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)+)(:\d+)?(\/|$)/i.test(value)) return null;
  const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i.test(value);
  return `${local ? 'http' : 'https'}://${value}`;
}

export function parseServer(value: string): string {
  let url: URL;
  const full = withScheme(value.trim());
  if (full === null) throw new CliError(t('profile.badServer', { value }), EXIT.usage);
  try {
    url = new URL(full);
  } catch {
    throw new CliError(t('profile.badServer', { value }), EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(t('profile.badServer', { value }), EXIT.usage);
  return url.href.replace(/\/+$/, '');
}

export function parseLanguage(value: string): Language {
  if (!languages.isLanguage(value)) throw new CliError(t('profile.badLanguage', { value }), EXIT.usage);
  return value;
}

/** The API base for a server URL: …/api unless the URL already ends there. */
export function apiBase(server: string): string {
  const trimmed = server.replace(/\/+$/, '');
  return trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
}

export function resolveSettings(
  config: ConfigShape,
  opts: GlobalOptions,
  env: NodeJS.ProcessEnv = process.env,
): Settings {
  const profileName = opts.profile ?? envValue(ENV.profile, env) ?? config.current;
  const profile = config.profiles[profileName] ?? {};
  const server = opts.server ?? envValue(ENV.server, env) ?? profile.server;
  const org = opts.org ?? envValue(ENV.org, env);
  return {
    profileName,
    profile,
    server: server ? parseServer(server) : undefined,
    org: org !== undefined ? parseOrg(org) : profile.org,
    language: profile.language ?? environmentLanguage(env),
    envToken: envValue(ENV.token, env),
  };
}
