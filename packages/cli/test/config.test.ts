import { mkdtempSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Session } from '@liftcloud/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { CredentialsFile } from '../src/config/credentials.js';
import { configDir } from '../src/config/paths.js';
import { ProfileStore } from '../src/config/profile-store.js';
import { ProfileSessionStore } from '../src/config/session-store.js';
import { apiBase, parseServer, resolveSettings } from '../src/config/settings.js';
import { CliError } from '../src/errors.js';
import { ensureBuilt, runCli } from './helpers/cli.js';

const mode = (path: string) => statSync(path).mode & 0o777;
const temp = () => mkdtempSync(join(tmpdir(), 'liftctl-config-'));
const session = (token: string, orgId = 2): Session => ({
  token,
  username: 'admin',
  auth: '1',
  userType: 1,
  orgId,
  tenantAdmin: true,
  imUsername: 'im',
  imPassword: 'secret',
  uiSetting: { systemName: 'LiftCloud', faviconIcon: null, logoLarge: null, logoSmall: null },
  platform: 'web',
  captchaShown: true,
  mustChangePassword: false,
});

describe('credentials file', () => {
  it('is created 0600 in a 0700 directory and stays 0600 when it was wider', () => {
    const dir = join(temp(), 'liftctl');
    const file = new CredentialsFile(join(dir, 'credentials.json'));
    file.put('default', { server: 'http://a', session: session('t1') });
    expect(mode(file.path)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    chmodSync(file.path, 0o644);
    file.put('other', { server: 'http://b', session: session('t2') });
    expect(mode(file.path)).toBe(0o600);
    expect(file.get('default')?.session.token).toBe('t1');
    expect(file.get('other')?.session.token).toBe('t2');
  });

  it('the session store never hands a login to another server, and the profile org wins', () => {
    const file = new CredentialsFile(join(temp(), 'credentials.json'));
    const base = { profile: 'p', language: 'en-US' as const, persist: true };
    const store = new ProfileSessionStore(file, { ...base, server: 'http://a', org: undefined });
    store.set(session('tok', 7));
    store.setOrgId(7);
    expect(store.get()?.token).toBe('tok');
    expect(store.getOrgId()).toBe(7);
    expect(new ProfileSessionStore(file, { ...base, server: 'http://evil', org: undefined }).get()).toBeNull();
    expect(new ProfileSessionStore(file, { ...base, server: 'http://a', org: 42 }).getOrgId()).toBe(42);
    store.set(null);
    expect(file.get('p')).toBeNull();
  });

  it('keeps an env-token session in memory only', () => {
    const file = new CredentialsFile(join(temp(), 'credentials.json'));
    const store = new ProfileSessionStore(file, {
      profile: 'p',
      server: 'http://a',
      language: 'en-US',
      org: undefined,
      persist: false,
    });
    store.set(session('mem'));
    expect(store.get()?.token).toBe('mem');
    expect(file.get('p')).toBeNull();
  });
});

describe('profiles', () => {
  it('are kept by conf in config.json (0600), with a current profile', async () => {
    const dir = join(temp(), 'cfg');
    const profiles = await ProfileStore.open(dir);
    profiles.save('prod', { server: 'https://lift.example.com', org: 3034, language: 'it-Italy' });
    profiles.save('prod', { org: 0 });
    profiles.use('prod');
    expect(profiles.get('prod')).toEqual({ server: 'https://lift.example.com', org: 0, language: 'it-Italy' });
    expect(mode(profiles.path)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    const again = await ProfileStore.open(dir);
    expect(again.currentName()).toBe('prod');
    expect(again.delete('prod')).toBe(true);
    expect(again.all()).toEqual({});
  });

  it('a corrupt config.json is not silently replaced', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'config.json'), '{not json');
    await expect(ProfileStore.open(dir)).rejects.toThrow();
  });
});

describe('settings', () => {
  const config = {
    current: 'prod',
    profiles: {
      prod: { server: 'https://prod.example.com/', org: 5, language: 'zh-CN' as const },
      test: { server: 'http://test.local:8080' },
    },
  };

  it('come from the current profile', () => {
    const s = resolveSettings(config, {}, {});
    expect(s).toMatchObject({ profileName: 'prod', server: 'https://prod.example.com', org: 5, language: 'zh-CN' });
    expect(s.envToken).toBeUndefined();
  });

  it('environment variables override the profile, flags override both', () => {
    const env = {
      LIFTCTL_PROFILE: 'test',
      LIFTCTL_SERVER: 'http://env.local',
      LIFTCTL_ORG: '9',
      LIFTCTL_TOKEN: 'lct_abc',
      LANG: 'it_IT.UTF-8',
    };
    const s = resolveSettings(config, {}, env);
    expect(s).toMatchObject({ profileName: 'test', server: 'http://env.local', org: 9, envToken: 'lct_abc' });
    expect(s.language).toBe('it-Italy');
    const flags = resolveSettings(config, { profile: 'prod', server: 'http://flag.local', org: '1' }, env);
    expect(flags).toMatchObject({ profileName: 'prod', server: 'http://flag.local', org: 1, language: 'zh-CN' });
  });

  it('empty variables count as unset; a bad org or URL is a usage error', () => {
    expect(resolveSettings(config, {}, { LIFTCTL_SERVER: '', LIFTCTL_TOKEN: '' })).toMatchObject({
      server: 'https://prod.example.com',
      envToken: undefined,
    });
    expect(() => resolveSettings(config, {}, { LIFTCTL_ORG: 'abc' })).toThrow(CliError);
    expect(() => resolveSettings(config, { server: 'ftp://x' }, {})).toThrow(CliError);
  });

  it('the config directory follows LIFTCTL_CONFIG_DIR, then XDG_CONFIG_HOME', () => {
    expect(configDir({ LIFTCTL_CONFIG_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(configDir({ XDG_CONFIG_HOME: '/home/u/.cfg' })).toBe('/home/u/.cfg/liftctl');
    expect(apiBase('http://a:8080/')).toBe('http://a:8080/api');
    expect(parseServer('localhost:8080')).toBe('http://localhost:8080');
    expect(parseServer('127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(parseServer('lift.example.com')).toBe('https://lift.example.com');
    expect(() => parseServer('ftp://lift.example.com')).toThrow(CliError);
    expect(() => parseServer('notaurl')).toThrow(CliError);
    expect(parseServer('http://lift-gw:8080')).toBe('http://lift-gw:8080');
    expect(apiBase('http://a/api')).toBe('http://a/api');
  });
});

describe('profiles through the built liftctl', () => {
  beforeAll(ensureBuilt);

  it('profile set --server refuses what is not a server URL (exit 2) and keeps nothing', async () => {
    const env = { LIFTCTL_CONFIG_DIR: temp() };
    for (const bad of ['notaurl', 'not a url', 'ftp://lift.example.com', 'http://']) {
      const result = await runCli(['profile', 'set', '--server', bad], { env });
      expect(result.code, bad).toBe(2);
      expect(result.stderr).toContain(`Not an http(s) URL: ${bad}`);
    }
    expect((await runCli(['profile', 'list', '-o', 'json'], { env })).stdout.trim()).toBe('[]');
    for (const good of ['lift.example.com', 'localhost:8080', 'http://lift-gw:8080', '10.0.0.5:8080'])
      expect((await runCli(['profile', 'set', 'ok', '--server', good], { env })).code, good).toBe(0);
  });

  it('an unknown --profile (or LIFTCTL_PROFILE) is named, with the profiles there are', async () => {
    const env = { LIFTCTL_CONFIG_DIR: temp() };
    const none = await runCli(['--profile', 'staging', 'company', 'list'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No profile named staging');
    expect((await runCli(['profile', 'set', 'prod', '--server', 'lift.example.com'], { env })).code).toBe(0);
    const typo = await runCli(['company', 'list'], { env: { ...env, LIFTCTL_PROFILE: 'prd' } });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('No profile named prd (profiles: prod)');
    expect(typo.stderr).not.toContain('No server configured');
    // no profile asked for and none made yet: the first-run message
    const fresh = await runCli(['company', 'list'], { env: { LIFTCTL_CONFIG_DIR: temp() } });
    expect(fresh.stderr).toContain('No server configured');
  });
});
