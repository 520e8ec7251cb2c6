import type { Language } from '../client-light.js';

/** What a profile remembers: where the server is, which organisation to act in, and the language. */
export interface Profile {
  server?: string;
  org?: number;
  language?: Language;
}

/** The settings file: the profiles by name and which one is current. */
export interface ConfigShape {
  current: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';

export const emptyConfig = (): ConfigShape => ({ current: DEFAULT_PROFILE, profiles: {} });
