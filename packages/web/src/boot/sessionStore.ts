import { browserDefaultLanguage, LocalStorageSessionStore, type Language, type SessionStore } from '@liftcloud/client';

/**
 * The browser's session store: localStorage, and until the user picks a language, the browser's default
 * (zh-CN, or en-US when navigator.language starts with en), so requests and screens agree on it.
 */
export function createBrowserSessionStore(storage: Storage = window.localStorage): SessionStore {
  const stored = new LocalStorageSessionStore(storage);
  return {
    get: () => stored.get(),
    set: (session) => stored.set(session),
    getLanguage: (): Language => stored.getLanguage() ?? browserDefaultLanguage(navigator.language),
    setLanguage: (language) => stored.setLanguage(language),
    getOrgId: () => stored.getOrgId(),
    setOrgId: (orgId) => stored.setOrgId(orgId),
  };
}
