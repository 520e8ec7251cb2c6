import { ADMIN_USERNAME, SERIAL_PORT, SUPER_ADMIN_USERNAME } from './constants.js';
import { isChinese, type Language } from './i18n/languages.js';
import { G_CLOUD_SITE_NAME } from './constants.js';
import type { MenuGroup, MenuItem } from './menu.js';
import { MENU } from './menu.js';

/** Index n is allowed when character n of the auth string is 1 (console-shell.md §6). */
export function hasIndex(auth: string, index: number): boolean {
  return index >= 0 && auth.charAt(index) === '1';
}

/** The auth string for a set of indexes: the union of a user's roles. */
export function authStringFrom(indexes: Iterable<number>): string {
  const set = [...indexes].filter((n) => Number.isInteger(n) && n >= 0 && n < 10_000);
  const length = set.length ? Math.max(...set) + 1 : 0;
  const chars = new Array<string>(length).fill('0');
  for (const n of set) chars[n] = '1';
  return chars.join('');
}

export const isSuperAdmin = (username: string): boolean => username === SUPER_ADMIN_USERNAME;
/** superAdmin and admin see every menu item. */
export const seesAll = (username: string): boolean => username === SUPER_ADMIN_USERNAME || username === ADMIN_USERNAME;

/** Whether a caller holds a page's index: -1 is everybody, a list is any-of. */
export function allows(username: string, auth: string, index: MenuItem['index']): boolean {
  if (seesAll(username)) return true;
  const list = [index].flat();
  return list.some((n) => n === -1 || hasIndex(auth, n));
}

export interface MenuContext {
  username: string;
  auth: string;
  language: Language;
  /** The system name of the UI setting for this host. */
  siteName: string;
}

export function itemVisible(item: MenuItem, ctx: MenuContext): boolean {
  if (item.chinaOnly && !isChinese(ctx.language)) return false;
  if (item.superAdminOnly && !isSuperAdmin(ctx.username)) return false;
  const gCloud = ctx.siteName === G_CLOUD_SITE_NAME;
  if (item.onlyStep && !gCloud) return false;
  if (item.hiddenOnGCloud && gCloud) return false;
  return allows(ctx.username, ctx.auth, item.index);
}

export interface VisibleGroup {
  group: MenuGroup;
  children: MenuItem[];
  /** A group with one visible child shows as that single item. */
  single: boolean;
}

/** The sidebar a caller sees, after every menu rule of §6. */
export function visibleMenu(ctx: MenuContext, menu: readonly MenuGroup[] = MENU): VisibleGroup[] {
  const out: VisibleGroup[] = [];
  for (const group of menu) {
    if (group.chinaOnly && !isChinese(ctx.language)) continue;
    if (group.superAdminOnly && !isSuperAdmin(ctx.username)) continue;
    const children = group.children.filter((c) => itemVisible(c, ctx));
    if (children.length) out.push({ group, children, single: children.length === 1 });
  }
  return out;
}

/** The serial alarm light is only for organisation 3034 or 0. */
export function serialLightAllowed(orgId: number): boolean {
  return (SERIAL_PORT.organisations as readonly number[]).includes(orgId);
}
