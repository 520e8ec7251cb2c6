import type { Generated } from 'kysely';

/**
 * The store's tables as code sees them (camelCase; the store uses snake_case). Times are epoch
 * milliseconds; flags are 0/1 integers so both dialects read them alike.
 */
interface Row {
  id: Generated<number>;
  createTime: number;
  updateTime: number;
}

interface TenantRow extends Row {
  name: string;
  status: number;
  initialCompanyId: number | null;
}

interface Scoped extends Row {
  tenantId: number;
}

interface CompanyRow extends Scoped {
  no: string;
  name: string;
  abbreviation: string | null;
  type: number;
  parentId: number | null;
  /** '/1/5/9/': the ids from the tenant root down to this company, for subtree queries. */
  path: string;
  externalNo: string | null;
  brand: string | null;
  contactPerson: string | null;
  phone: string | null;
  factoryNo: string | null;
  dedicatedCode: string | null;
  creditCode: string | null;
}

interface QualityBodyRow extends Scoped {
  no: string;
  name: string;
  region: string;
  address: string;
}

interface UseUnitRow extends Scoped {
  orgId: number | null;
  no: string | null;
  creditCode: string | null;
  name: string;
  type: string | null;
  propertyCompanyId: number | null;
  region: string;
  address: string | null;
  longitude: number;
  latitude: number;
  contact: string | null;
  contactPhone: string | null;
  owner: string;
}

interface UserRow extends Scoped {
  username: string;
  passwordHash: string;
  name: string;
  phone: string;
  mail: string | null;
  userType: number;
  companyId: number | null;
  branch: string | null;
  area: string | null;
  serviceStation: string | null;
  maintainer: number;
  messageSendMethod: number | null;
  smsRepair: number;
  smsAlarm: number;
  smsMaintenance: number;
  canChangePassword: number;
  locked: number;
  mustChangePassword: number;
  failedAttempts: number;
  lockedUntil: number | null;
  lastLoginTime: number | null;
}

interface RoleRow extends Scoped {
  name: string;
  isDefault: number;
  companyId: number | null;
  /** JSON array of permission indexes. */
  permissions: string;
}

interface UserRoleRow {
  userId: number;
  roleId: number;
}

interface SessionRow {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  tenantId: number;
  /** 'session' from a login, 'access' a named token for scripts. */
  kind: string;
  name: string | null;
  prefix: string | null;
  imPassword: string | null;
  createTime: number;
  updateTime: number;
  expireTime: number | null;
  lastUsedTime: number | null;
  revokeTime: number | null;
}

interface CaptchaRow {
  key: string;
  answer: string;
  expireTime: number;
}

interface SmsCodeRow {
  id: Generated<number>;
  phone: string;
  codeHash: string;
  createTime: number;
  expireTime: number;
  tries: number;
  usedTime: number | null;
}

interface AnnouncementRow extends Scoped {
  title: string;
  content: string;
  pinned: number;
  publisher: string | null;
  publishTime: number | null;
}

interface MessageRecordRow extends Scoped {
  orgId: number | null;
  referBizNo: string | null;
  type: number;
  content: string;
  target: string;
  sendTime: number | null;
  status: number;
}

interface LoginLogRow extends Scoped {
  orgId: number | null;
  userName: string;
  name: string | null;
  loginType: number;
  result: number;
  loginIp: string;
  loginTime: number;
}

interface OperationLogRow extends Scoped {
  orgId: number | null;
  userName: string;
  operateContent: string;
  method: string;
  path: string;
  operateTime: number;
}

interface UiSettingRow extends Scoped {
  host: string;
  systemName: string;
  faviconIcon: string | null;
  logoLarge: string | null;
  logoSmall: string | null;
  appQrCode: string | null;
  miniProgramQrCode: string | null;
  homeBanner: string | null;
  appBanners: string | null;
  companyId: number | null;
}

/**
 * Registry tables as typed code uses them. The generic repository reaches every column through the entity
 * definitions; these interfaces name the columns that hand-written queries touch.
 */
interface ElevatorRow extends Scoped {
  orgId: number | null;
  name: string;
  dtuCode: string | null;
  registerCode: string | null;
  factoryNo: string | null;
}

interface GatewayDeviceRow extends Scoped {
  orgId: number | null;
  dtuCode: string;
  elevatorId: number | null;
  bindState: number;
  blackStatus: number;
  linkStatus: number | null;
  dtuStatus: number;
  protocols: string | null;
  motorType: string | null;
  polePairs: number | null;
  doorTypes: string | null;
  elevatorSpeed: number | null;
}

interface GatewayVersionRow extends Scoped {
  md5: string;
  fileUrl: string | null;
}

interface NetApplyRow extends Scoped {
  orgId: number | null;
  status: number | null;
  generated: number;
  elevatorId: number | null;
}

/** A background job's lease and run record (migration 011, jobs/leases.ts). */
export interface JobLeaseRow {
  name: string;
  leaseOwner: string | null;
  leaseUntil: number | null;
  lastStart: number | null;
  lastEnd: number | null;
  /** 'ok', 'failed' or 'interrupted' (the instance stopped mid-run). */
  lastOutcome: string | null;
  lastError: string | null;
  /** Failed runs in a row (0 after a good one): the retry backs off with it. */
  failures: Generated<number>;
  nextDue: number;
}

export interface DB {
  elevators: ElevatorRow;
  gatewayDevices: GatewayDeviceRow;
  gatewayVersions: GatewayVersionRow;
  netApplies: NetApplyRow;
  tenants: TenantRow;
  companies: CompanyRow;
  qualityBodies: QualityBodyRow;
  useUnits: UseUnitRow;
  users: UserRow;
  roles: RoleRow;
  userRoles: UserRoleRow;
  sessions: SessionRow;
  captchas: CaptchaRow;
  smsCodes: SmsCodeRow;
  announcements: AnnouncementRow;
  messageRecords: MessageRecordRow;
  loginLogs: LoginLogRow;
  operationLogs: OperationLogRow;
  uiSettings: UiSettingRow;
  jobLeases: JobLeaseRow;
}
