import { ADMIN_USERNAME, SUPER_ADMIN_USERNAME } from './constants.js';

/**
 * A permission index of console-shell.md §2.2 and §6 (character n of a user's auth string), -1 for any logged-in
 * user, or a list of indexes of which any one suffices.
 */
export type PermissionIndex = number | readonly number[];

/** What an operation needs: an index or any-of list, super admin only, or no login at all. */
export type Permission = PermissionIndex | 'superAdmin' | 'public';

/**
 * The permission indexes by name, once: the menu, the entity definitions, the server's routes and the console
 * read these, never the bare numbers. The numbers are the sidebar's of console-shell.md §2.2.
 */
export const PERMISSION = {
  /** Any logged-in user. */
  anyUser: -1,
  /** Super admin only (tenants, UI settings, publishing gateway versions). */
  superAdmin: 'superAdmin',
  /** No login at all (login, captcha, the public branding, signed links). */
  public: 'public',

  // Data statistics
  dayWeekMonthSupervision: 823,
  aiStatistics: 851,
  electricityMeters: 856,
  // Elevator
  netApplies: 814,
  elevators: 110,
  gateways: 9,
  smartDevices: [813, 71, 73, 855],
  /** OTA (no index in the spec; docs/decisions.md "OTA"): programs, applying, approving, burning. */
  otaPrograms: 870,
  otaApplications: 871,
  otaApprove: 872,
  otaBurn: 873,
  elevatorSettings: [20, 24, 109, 839],
  // Monitor
  gisMap: 404,
  singleLadderMonitor: 403,
  useUnitMonitor: 401,
  monitorCenter: 406,
  // Event
  eventRecords: 45,
  alarmRecords: 341,
  faultRecords: 117,
  hazardRecords: 821,
  callRecords: 38,
  // Upkeep
  contracts: 820,
  repairOrders: 302,
  maintenanceOrders: 322,
  annualInspections: 132,
  safetyChecks: 827,
  modificationOrders: 838,
  maintenanceSettings: [326, 327, 328],
  /** The tabs of /maintenanceSetting: types (326), plans (327), settings and spot checks (328). */
  maintenanceTypes: 326,
  maintenancePlans: 327,
  maintenanceCompanySettings: 328,
  // Base info
  companies: 12,
  useUnits: 16,
  parts: 806,
  monitorDevices: 812,
  // User role
  users: 3,
  roles: 5,
  // System
  messageRecords: 816,
  loginLogs: 817,
  operationLogs: 818,
  systemSettings: 801,
  /** Debug personnel (no index in the spec; docs/decisions.md "Developer integrations (issue 16)"). */
  debugPersonnel: 880,
  // Document
  products: 830,
  banners: 834,
  files: 841,
  parameters: 852,
} as const satisfies Record<string, Permission>;

/** The access platform's docking page per region (console-shell.md §2.2: one index each; quzhou shares jiaxing's). */
export const ACCESS_REGION_PERMISSION = {
  shanghai: 42,
  hubei: 63,
  chongqing: 48,
  guangzhou: 62,
  liaoning: 51,
  shenyang: 49,
  fujian: 58,
  jiaxing: 50,
  huzhou: 52,
  quzhou: 50,
  guangxi: 59,
  zhejiang: 60,
  nanchang: 55,
  wuhan: 853,
  shaoxing: 53,
  ningbo: 54,
  hangzhou: 43,
  volks: 61,
} as const satisfies Record<string, number>;

/** Who may read an entity's records and who may write them (create, update, delete, import). */
export interface EntityPermission {
  read: Permission;
  write: Permission;
}

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

/** Whether a caller holds an index: -1 is everybody, a list is any-of. */
export function allows(username: string, auth: string, index: PermissionIndex): boolean {
  if (seesAll(username)) return true;
  const list = [index].flat();
  return list.some((n) => n === -1 || hasIndex(auth, n));
}

/** Whether a logged-in caller may do what a Permission guards (the server's check, for showing or hiding). */
export function permits(username: string, auth: string, permission: Permission): boolean {
  if (permission === 'public') return true;
  if (permission === 'superAdmin') return isSuperAdmin(username);
  return allows(username, auth, permission);
}
