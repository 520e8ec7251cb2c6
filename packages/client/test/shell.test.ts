import { describe, expect, it } from 'vitest';
import {
  ACCESS_REGION_PERMISSION,
  MENU,
  PERMISSION,
  PERMISSION_INDEXES,
  allows,
  authStringFrom,
  browserDefaultLanguage,
  formatDateTime,
  hasIndex,
  permits,
  parseDateTime,
  resolveLanguage,
  serialLightAllowed,
  visibleMenu,
  translate,
  dictionaryTree,
} from '../src/index.js';

const ctx = (
  username: string,
  indexes: number[],
  language: 'zh-CN' | 'en-US' | 'it-Italy' = 'zh-CN',
  siteName = 'LiftCloud',
) => ({
  username,
  auth: authStringFrom(indexes),
  language,
  siteName,
});
const paths = (groups: ReturnType<typeof visibleMenu>) => groups.flatMap((g) => g.children.map((c) => c.path));

describe('permissions (console-shell.md §6)', () => {
  it('reads index n from character n of the auth string', () => {
    const auth = authStringFrom([3, 110]);
    expect(auth).toHaveLength(111);
    expect(hasIndex(auth, 3)).toBe(true);
    expect(hasIndex(auth, 4)).toBe(false);
    expect(hasIndex(auth, 110)).toBe(true);
    expect(hasIndex(auth, 999)).toBe(false);
  });

  it('lets superAdmin and admin see all, -1 everybody, and a list any-of', () => {
    expect(allows('admin', '', 3)).toBe(true);
    expect(allows('someone', '', -1)).toBe(true);
    expect(allows('someone', authStringFrom([71]), [813, 71])).toBe(true);
    expect(allows('someone', authStringFrom([70]), [813, 71])).toBe(false);
  });

  it('permits super-admin-only operations to superAdmin alone, public ones to all', () => {
    expect(permits('superAdmin', '', PERMISSION.superAdmin)).toBe(true);
    expect(permits('admin', authStringFrom(PERMISSION_INDEXES), PERMISSION.superAdmin)).toBe(false);
    expect(permits('someone', '', PERMISSION.public)).toBe(true);
    expect(permits('someone', authStringFrom([12]), PERMISSION.companies)).toBe(true);
    expect(permits('someone', authStringFrom([16]), PERMISSION.companies)).toBe(false);
  });

  it('hides China-only items outside Chinese, super-admin items from others', () => {
    const zh = paths(visibleMenu(ctx('admin', [])));
    const en = paths(visibleMenu(ctx('admin', [], 'en-US')));
    expect(zh).toContain('/elevatorMonitor/gisMap');
    expect(en).not.toContain('/elevatorMonitor/gisMap');
    expect(en).toContain('/elevator');
    expect(zh).not.toContain('/tenant');
    expect(paths(visibleMenu(ctx('superAdmin', [])))).toContain('/tenant');
    expect(paths(visibleMenu(ctx('superAdmin', [], 'en-US')))).not.toContain('/developer');
  });

  it('shows a group with one visible child as a single item', () => {
    const groups = visibleMenu(ctx('viewer', [3], 'en-US')); // in Chinese, -1 China-only pages show too
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ single: true });
    expect(groups[0]?.children.map((c) => c.path)).toEqual(['/user']);
    const two = visibleMenu(ctx('viewer', [3, 5], 'en-US'));
    expect(two[0]?.single).toBe(false);
  });

  it('hides the maintenance-order page on the G-Cloud site', () => {
    expect(paths(visibleMenu(ctx('u', [322])))).toContain('/maintWork');
    expect(paths(visibleMenu(ctx('u', [322], 'zh-CN', 'G-Cloud elevator cloud')))).not.toContain('/maintWork');
  });

  it('allows the serial light only for organisation 3034 or 0', () => {
    expect(serialLightAllowed(3034)).toBe(true);
    expect(serialLightAllowed(0)).toBe(true);
    expect(serialLightAllowed(3035)).toBe(false);
  });

  it('lists every index the menu uses, once', () => {
    expect(PERMISSION_INDEXES).toContain(110);
    expect(PERMISSION_INDEXES).toContain(856);
    expect(new Set(PERMISSION_INDEXES).size).toBe(PERMISSION_INDEXES.length);
    expect(MENU.flatMap((g) => g.children).length).toBeGreaterThan(60);
  });

  it('names every index the menu uses, and names none it does not', () => {
    const named = [...Object.values(PERMISSION), ...Object.values(ACCESS_REGION_PERMISSION)]
      .flat()
      .filter((n): n is number => typeof n === 'number' && n >= 0);
    expect([...new Set(named)].sort((a, b) => a - b)).toEqual(PERMISSION_INDEXES);
    const pageOf = (path: string) => MENU.flatMap((g) => g.children).find((c) => c.path === path);
    expect(pageOf('/elevator')?.index).toBe(PERMISSION.elevators);
    expect(pageOf('/smartDevice')?.index).toEqual([813, 71, 73, 855]);
    expect(pageOf('/access/wuhan')?.index).toBe(853);
  });
});

describe('languages, messages and time', () => {
  it('resolves Accept-Language and the browser default', () => {
    expect(resolveLanguage('it-Italy')).toBe('it-Italy');
    expect(resolveLanguage('it-IT,it;q=0.9')).toBe('it-Italy');
    expect(resolveLanguage('en-GB')).toBe('en-US');
    expect(resolveLanguage('fr-FR')).toBe('zh-CN');
    expect(resolveLanguage(undefined)).toBe('zh-CN');
    expect(browserDefaultLanguage('en-AU')).toBe('en-US');
    expect(browserDefaultLanguage('de-DE')).toBe('zh-CN');
  });

  it('fills message placeholders in each language', () => {
    expect(translate('en-US', 'validation.maxLength', { field: 'Name', limit: 5 })).toBe('Name: at most 5 characters');
    expect(translate('zh-CN', 'validation.maxLength', { field: '名称', limit: 5 })).toBe('名称：最多5个字符');
  });

  it('answers the dictionary tree in the requested language', () => {
    expect(dictionaryTree('en-US').elevatorType).toHaveLength(10);
    expect(dictionaryTree('en-US').useStatus.map((o) => o.code)).toEqual([1, 2, 3, 4]);
    expect(dictionaryTree('it-Italy').workOrderState.find((o) => o.code === 7)?.desc).toBe(
      'Confermato automaticamente',
    );
  });

  it('formats and parses date-times in a time zone, both ways', () => {
    const ms = Date.UTC(2026, 0, 15, 4, 30, 0);
    expect(formatDateTime(ms, 'Asia/Shanghai')).toBe('2026-01-15 12:30:00');
    expect(formatDateTime(ms, 'Europe/Rome')).toBe('2026-01-15 05:30:00');
    expect(parseDateTime('2026-01-15 12:30:00', 'Asia/Shanghai')).toBe(ms);
    expect(parseDateTime('2026-07-01 00:00:00', 'Europe/Rome')).toBe(Date.UTC(2026, 5, 30, 22, 0, 0));
    expect(Number.isNaN(parseDateTime('yesterday', 'Asia/Shanghai'))).toBe(true);
  });
});
