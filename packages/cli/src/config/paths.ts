import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ENV, envValue } from './env.js';

/** Where liftctl keeps its settings: LIFTCTL_CONFIG_DIR, else $XDG_CONFIG_HOME/liftctl, else ~/.config/liftctl. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = envValue(ENV.configDir, env);
  if (override) return resolve(override);
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'liftctl');
}

/** Profiles (no secrets): written by conf. */
export const CONFIG_NAME = 'config';
export const configFile = (dir: string) => join(dir, `${CONFIG_NAME}.json`);
/** Logins and access tokens: only the owner may read it (0600, in a 0700 directory). */
export const credentialsFile = (dir: string) => join(dir, 'credentials.json');
