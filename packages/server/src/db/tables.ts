import type {
  announcement,
  company,
  contract,
  developer,
  webhookDelivery,
  inspection,
  elevator,
  gatewayDevice,
  gatewayVersion,
  loginLog,
  messageRecord,
  netApply,
  operationLog,
  otaApplication,
  otaBurn,
  otaProgram,
  qualityBody,
  role,
  tenant,
  uiSetting,
  useUnit,
  user,
} from '@liftcloud/client';
import type { Generated } from 'kysely';
import type { StoredRow } from './rows.js';

/**
 * The store's tables as code sees them (camelCase; the store uses snake_case). Times are epoch
 * milliseconds; flags are 0/1 integers so both dialects read them alike. An entity's row comes from its
 * definition (rows.ts); what is written here is only what the definition does not say: the tenant and
 * organisation columns, columns the server keeps for itself, and tables that are no entity.
 */
interface Scoped {
  tenantId: number;
}

/** The organisation a row belongs to (null: the tenant's, no company's). */
interface InOrganisation {
  orgId: number | null;
}

type TenantRow = StoredRow<typeof tenant.fields>;

type CompanyRow = StoredRow<typeof company.fields> &
  Scoped & {
    /** '/1/5/9/': the ids from the tenant root down to this company, for subtree queries. */
    path: string;
  };

type QualityBodyRow = StoredRow<typeof qualityBody.fields> & Scoped;
type UseUnitRow = StoredRow<typeof useUnit.fields> & Scoped & InOrganisation;

type UserRow = StoredRow<typeof user.fields> &
  Scoped & {
    mustChangePassword: number;
    /** No longer used: failed logins are counted per source in login_throttles (migration 013). */
    failedAttempts: number;
    /** No longer used: nothing but an administrator locks an account. */
    lockedUntil: number | null;
  };

type RoleRow = StoredRow<typeof role.fields> & Scoped;

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
  /** SHA-256 of the session's IM password (shown once, in the login answer). */
  imPasswordHash: string | null;
  createTime: number;
  updateTime: number;
  expireTime: number | null;
  lastUsedTime: number | null;
  revokeTime: number | null;
}

interface CaptchaRow {
  key: string;
  answer: string;
  /** The address it was issued to. */
  source: string;
  expireTime: number;
}

interface SmsCodeRow {
  id: Generated<number>;
  phone: string;
  /** The address that asked for it. */
  source: string;
  /** argon2id of the code. */
  codeHash: string;
  createTime: number;
  expireTime: number;
  tries: number;
  usedTime: number | null;
}

/** Failed logins of an account from one source, and when it last logged in from there (migration 013). */
export interface LoginThrottleRow {
  userId: number;
  source: string;
  failures: number;
  lastFailureTime: number | null;
  /** Before this, an attempt from this source on this account is answered 429 without being checked. */
  nextAttemptTime: number | null;
  lastSuccessTime: number | null;
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

type AnnouncementRow = StoredRow<typeof announcement.fields> & Scoped;
type MessageRecordRow = StoredRow<typeof messageRecord.fields> &
  Scoped &
  InOrganisation & {
    /** Notifications (migration 035): the user it is for, its topic, and the send queue's columns. */
    userId?: number | null;
    topic?: string | null;
    attempts: Generated<number>;
    nextAttemptTime?: number | null;
    lastError?: string | null;
  };
type LoginLogRow = StoredRow<typeof loginLog.fields> & Scoped & InOrganisation;
type OperationLogRow = StoredRow<typeof operationLog.fields> & Scoped & InOrganisation;
type UiSettingRow = StoredRow<typeof uiSetting.fields> & Scoped;
type ElevatorRow = StoredRow<typeof elevator.fields> & Scoped & InOrganisation;
type GatewayDeviceRow = StoredRow<typeof gatewayDevice.fields> & Scoped & InOrganisation;
/** Gateway versions are the platform's; the row keeps the tenant of the super admin who published it. */
type GatewayVersionRow = StoredRow<typeof gatewayVersion.fields> & Scoped;
type NetApplyRow = StoredRow<typeof netApply.fields> & Scoped & InOrganisation;

type ContractRow = StoredRow<typeof contract.fields> & Scoped & InOrganisation;

type InspectionRow = StoredRow<typeof inspection.fields> & Scoped & InOrganisation;

/** The elevators a contract covers (migration 020). */
interface ContractElevatorRow {
  contractId: number;
  elevatorId: number;
}

/** A developer account (migration 026): the appSecret only encrypted, the previous one until its overlap ends. */
type DeveloperRow = StoredRow<typeof developer.fields> &
  Scoped & {
    secretEnc: string | null;
    previousSecretEnc: string | null;
  };
interface DeveloperUseUnitRow {
  developerId: number;
  useUnitId: number;
}
/** A nonce the open API has seen, until the replay window has passed (migration 026). */
interface OpenApiNonceRow {
  appKey: string;
  nonce: string;
  expireTime: number;
}
/** Open API requests per appKey and minute, shared by every instance (migration 026). */
interface OpenApiRateRow {
  appKey: string;
  windowStart: number;
  count: number;
}

type WebhookDeliveryRow = StoredRow<typeof webhookDelivery.fields> & Scoped;
/** One attempt of a webhook delivery (migration 027). */
interface WebhookAttemptRow {
  id: Generated<number>;
  deliveryId: number;
  attemptTime: number;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
}
/** OTA (migration 024): the firmware file's id and the applicant's user id are the server's own columns. */
type OtaProgramRow = StoredRow<typeof otaProgram.fields> & Scoped & InOrganisation & { fileId: number | null };
type OtaApplicationRow = StoredRow<typeof otaApplication.fields> &
  Scoped &
  InOrganisation & { applicantId: number | null };
/** A burn's transfer (migration 033): the instance driving it holds its lease; `ackedOffset` is the bytes acknowledged. */
type OtaBurnRow = StoredRow<typeof otaBurn.fields> &
  Scoped &
  InOrganisation & { leaseOwner: string | null; leaseUntil: number | null; ackedOffset: Generated<number> };

/** A kept file (migration 012): see files/service.ts. */
export interface FileRow {
  id: Generated<number>;
  tenantId: number;
  ownerEntity: string;
  ownerId: number | null;
  kind: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  md5: string | null;
  uploaderId: number | null;
  uploaderName: string | null;
  createTime: number;
  storageKey: string;
  publicKey: string | null;
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
  loginThrottles: LoginThrottleRow;
  announcements: AnnouncementRow;
  messageRecords: MessageRecordRow;
  loginLogs: LoginLogRow;
  operationLogs: OperationLogRow;
  uiSettings: UiSettingRow;
  jobLeases: JobLeaseRow;
  files: FileRow;
  contracts: ContractRow;
  contractElevators: ContractElevatorRow;
  inspections: InspectionRow;
  developers: DeveloperRow;
  developerUseUnits: DeveloperUseUnitRow;
  openApiNonces: OpenApiNonceRow;
  openApiRates: OpenApiRateRow;
  webhookDeliveries: WebhookDeliveryRow;
  webhookAttempts: WebhookAttemptRow;
  otaPrograms: OtaProgramRow;
  otaApplications: OtaApplicationRow;
  otaBurns: OtaBurnRow;
}
