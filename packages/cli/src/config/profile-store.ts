import { existsSync, mkdirSync } from 'node:fs';
import type Conf from 'conf';
import { SECRET_DIR_MODE } from './credentials.js';
import { CONFIG_NAME } from './paths.js';
import { DEFAULT_PROFILE, emptyConfig, type ConfigShape, type Profile } from './profile.js';

/** Profiles kept by conf: atomic writes, in the configuration directory, readable by the owner only. */
export class ProfileStore {
  private constructor(private readonly conf: Conf<ConfigShape>) {}

  static async open(dir: string): Promise<ProfileStore> {
    // Created owner-only; a directory that already exists (LIFTCTL_CONFIG_DIR) keeps its mode.
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: SECRET_DIR_MODE });
    const { default: ConfClass } = await import('conf');
    const conf = new ConfClass<ConfigShape>({
      cwd: dir,
      configName: CONFIG_NAME,
      projectName: 'liftctl',
      defaults: emptyConfig(),
      configFileMode: 0o600,
      clearInvalidConfig: false,
    });
    return new ProfileStore(conf);
  }

  get path(): string {
    return this.conf.path;
  }

  currentName(): string {
    return this.conf.get('current') || DEFAULT_PROFILE;
  }

  all(): Record<string, Profile> {
    return this.conf.get('profiles') ?? {};
  }

  get(name: string): Profile | undefined {
    return this.all()[name];
  }

  use(name: string): void {
    this.conf.set('current', name);
  }

  /** Merge settings into a profile, creating it; a value of undefined leaves the setting as it was. */
  save(name: string, patch: Profile): Profile {
    const profiles = this.all();
    const next: Profile = { ...profiles[name] };
    for (const [key, value] of Object.entries(patch) as [keyof Profile, Profile[keyof Profile]][])
      if (value !== undefined) Object.assign(next, { [key]: value });
    this.conf.set('profiles', { ...profiles, [name]: next });
    return next;
  }

  delete(name: string): boolean {
    const profiles = this.all();
    if (!(name in profiles)) return false;
    delete profiles[name];
    this.conf.set('profiles', profiles);
    if (this.currentName() === name) this.conf.set('current', Object.keys(profiles)[0] ?? DEFAULT_PROFILE);
    return true;
  }
}
