import { ENTITIES, type EntityName } from '../entities/index.js';
import type { DictOption, EnumName } from '../enums.js';
import { HttpClient, type ClientOptions } from '../http/client.js';
import type { Language } from '../i18n/languages.js';
import type { EntityDef, Fields } from '../schema/entity.js';
import { entityCrud, crud } from './crud.js';
import { fileCalls } from './files.js';
import { fileStoreCalls } from './attachments.js';
import {
  cancelGatewayTest,
  createGatewayTest,
  getGatewayTestDetail,
  type GatewayTestBody,
} from '../operations/gateway-tests.js';
import {
  getGatewayPushStats,
  listGatewayPushStats,
  type PushStatsListQuery,
  type PushStatsQuery,
} from '../operations/push-stats.js';
import {
  createWorkOrderShareLink,
  getSharedWorkOrder,
  type ShareLinkBody,
  type ShareLinkSignature,
} from '../operations/share-links.js';
import {
  actOnWorkOrder,
  addWorkOrderPerson,
  getWorkOrderDetail,
  pauseWorkOrder,
  type WorkOrderActionBody,
} from '../operations/work-orders.js';
import type { UserAction } from '../workflow/workOrder.js';
import { callOperation } from '../operations/call.js';
import type { CallArgs, CallResult, OperationShape } from '../operations/define.js';
import { getMonitoringOverview } from '../operations/monitoring.js';
import { listJobs } from '../operations/jobs.js';
import {
  changePassword,
  getCaptcha,
  getMe,
  loginWithPassword,
  loginWithSms,
  loginWithToken,
  logout,
  sendSmsCode,
  type LoginAnswer,
  type PasswordLoginBody,
  type SmsLoginBody,
  type SmsSendBody,
  type ChangePasswordBody,
} from '../operations/auth.js';
import {
  createAccessToken,
  getRoleUsers,
  lockUser,
  resetUserPassword,
  revokeAccessToken,
  setRoleUsers,
} from '../operations/identity.js';
import {
  getDictionaries,
  getPublicUiSetting,
  listAnnouncementNotices,
  listOrganisations,
} from '../operations/shell.js';

type EntityCalls = { [K in EntityName]: ReturnType<typeof entityCrud<(typeof ENTITIES)[K]['fields']>> };

/**
 * The one client both front ends use: request conventions, a typed call for every route, and the generic
 * list/get/save/remove for each entity (client.entities.company.list(...)).
 */
export class LiftCloudClient {
  readonly http: HttpClient;
  readonly entities: EntityCalls;
  /** xlsx imports (client.imports.upload) and exports (client.exports.url / download). */
  readonly imports: ReturnType<typeof fileCalls>['imports'];
  readonly exports: ReturnType<typeof fileCalls>['exports'];
  /** Kept files: download, field uploads, firmware (client.files), and records' attachments (client.attachments). */
  readonly files: ReturnType<typeof fileStoreCalls>['files'];
  readonly attachments: ReturnType<typeof fileStoreCalls>['attachments'];
  private dictCache: Partial<Record<Language, Promise<Record<EnumName, DictOption[]>>>> = {};

  constructor(options: ClientOptions) {
    this.http = new HttpClient(options);
    const calls = {} as Record<string, unknown>;
    for (const [name, def] of Object.entries(ENTITIES)) calls[name] = entityCrud(this.http, def as EntityDef<Fields>);
    this.entities = calls as EntityCalls;
    ({ imports: this.imports, exports: this.exports } = fileCalls(this.http));
    ({ files: this.files, attachments: this.attachments } = fileStoreCalls(this.http));
  }

  /**
   * The typed call of a declared operation (packages/client/src/operations/): `client.call(bindGateway,
   * { params: { id }, body: { elevatorId } })`. Path parameters, query, body and answer are typed by its schemas.
   */
  call<O extends OperationShape>(op: O, ...[input]: CallArgs<O>): Promise<CallResult<O>> {
    return callOperation(this.http, op, input);
  }

  get session() {
    return this.http.options.session;
  }

  /** Generic calls for a path no entity definition covers yet. */
  crud<R>(path: string) {
    return crud<R>(this.http, path);
  }

  readonly auth = {
    captcha: () => this.call(getCaptcha),
    login: async (body: PasswordLoginBody) => this.keep(await this.call(loginWithPassword, { body })),
    sendSms: (body: SmsSendBody) => this.call(sendSmsCode, { body }),
    smsLogin: async (body: SmsLoginBody) => this.keep(await this.call(loginWithSms, { body })),
    /** Log in with an access token (scripts, CLI): validates it and returns the session. */
    tokenLogin: async (token: string) => this.keep(await this.call(loginWithToken, { body: { token } })),
    logout: async () => {
      try {
        await this.call(logout);
      } finally {
        this.session.set(null);
      }
    },
    me: () => this.call(getMe),
    changePassword: (body: ChangePasswordBody) => this.call(changePassword, { body }),
  };

  readonly users = {
    setLocked: (id: number, locked: boolean) => this.call(lockUser, { params: { id }, body: { locked } }),
    resetPassword: (id: number) => this.call(resetUserPassword, { params: { id } }),
  };

  readonly roles = {
    users: (id: number) => this.call(getRoleUsers, { params: { id } }),
    assignUsers: (id: number, userIds: number[]) => this.call(setRoleUsers, { params: { id }, body: { userIds } }),
  };

  /** Push statistics per gateway (its permission) and over the platform (super admin). */
  readonly pushStats = {
    ofGateway: (id: number, query: PushStatsQuery = {}) => this.call(getGatewayPushStats, { params: { id }, query }),
    list: (query: PushStatsListQuery = {}) => this.call(listGatewayPushStats, { query }),
  };

  /** Gateway tests run by the server: create, detail with per-gateway results, cancel. */
  readonly gatewayTests = {
    create: (body: GatewayTestBody) => this.call(createGatewayTest, { body }),
    detail: (id: number) => this.call(getGatewayTestDetail, { params: { id } }),
    cancel: (id: number) => this.call(cancelGatewayTest, { params: { id } }),
  };

  readonly tokens = {
    create: (name: string, expireTime?: string) =>
      this.call(createAccessToken, { body: { name, expireTime: expireTime ?? null } }),
    revoke: (id: number) => this.call(revokeAccessToken, { params: { id } }),
  };

  readonly monitoring = {
    /** Totals and latest alarms over what the caller sees, or over the chosen elevators only (index 406). */
    overview: (elevatorIds?: readonly number[]) =>
      this.call(getMonitoringOverview, { query: elevatorIds?.length ? { elevatorIds: elevatorIds.join(',') } : {} }),
  };

  /** Repair work orders: detail, actions, pause, people (lists are client.entities.workOrder). */
  readonly workOrders = {
    detail: (id: number) => this.call(getWorkOrderDetail, { params: { id } }),
    act: (id: number, action: UserAction, body: WorkOrderActionBody = {}) =>
      this.call(actOnWorkOrder, { params: { id, action }, body }),
    pause: (id: number, paused: boolean) => this.call(pauseWorkOrder, { params: { id }, body: { paused } }),
    addPerson: (id: number, userId: number, role: 'repair' | 'service') =>
      this.call(addWorkOrderPerson, { params: { id }, body: { userId, role } }),
  };

  /** The server's background jobs and how their last runs went (super admin). */
  readonly jobs = {
    list: () => this.call(listJobs),
  };

  /** Signed links to a work order's mobile page, and the public read behind them. */
  readonly workOrderLinks = {
    create: (workOrderId: number, body: ShareLinkBody = {}) =>
      this.call(createWorkOrderShareLink, { params: { id: workOrderId }, body }),
    /** Any flaw in the link (wrong, tampered, expired) answers the same 404 `shareLink.invalid`. */
    read: (workOrderId: number | string, signature: ShareLinkSignature) =>
      this.call(getSharedWorkOrder, { params: { id: String(workOrderId) }, query: { ...signature } }),
  };

  /** GET dicts/mapTree, cached per language. */
  dicts(): Promise<Record<EnumName, DictOption[]>> {
    const lang = this.http.language;
    this.dictCache[lang] ??= this.call(getDictionaries).catch((e: unknown) => {
      delete this.dictCache[lang];
      throw e;
    });
    return this.dictCache[lang];
  }

  /** GET main/authChildrenOrg: the organisations for the selector. */
  orgs = () => this.call(listOrganisations);

  /** Branding for a host name, no login needed. */
  uiSettingFor = (host: string) => this.call(getPublicUiSetting, { query: { host } });

  announcementNotices = (pageNo = 1, pageSize = 20) =>
    this.call(listAnnouncementNotices, { query: { pageNo, pageSize } });

  private keep(answer: LoginAnswer): LoginAnswer {
    this.session.set(answer);
    this.session.setOrgId(answer.orgId);
    return answer;
  }
}
