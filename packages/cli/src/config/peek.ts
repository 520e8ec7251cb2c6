import { readFileSync } from 'node:fs';
import { configFile } from './paths.js';
import { emptyConfig, type ConfigShape } from './profile.js';

/**
 * Read the settings file without conf (which costs about 90 ms to load): the start path only needs the
 * profile's language for help texts. Writes always go through conf (profile-store.ts).
 */
export function peekConfig(dir: string): ConfigShape {
  try {
    const parsed = JSON.parse(readFileSync(configFile(dir), 'utf8')) as Partial<ConfigShape>;
    return { ...emptyConfig(), ...parsed, profiles: parsed.profiles ?? {} };
  } catch {
    return emptyConfig();
  }
}
