import type { ENTITIES, EntityName } from '../entities/index.js';
import { ENTITY_PATHS } from '../entities/paths.js';
import type { DictOption, EnumName } from '../enums.js';
import { HttpClient, type ClientOptions } from '../http/client.js';
import type { Language } from '../i18n/languages.js';
import { crud, type entityCrud } from './crud.js';
import { fileCalls } from './files.js';
import { fileStoreCalls } from './attachments.js';
import type { GatewayTestBody } from '../operations/gateway-tests.js';
import type { PushStatsListQuery, PushStatsQuery } from '../operations/push-stats.js';
import type { ShareLinkBody, ShareLinkSignature } from '../operations/share-links.js';
import type { WorkOrderActionBody } from '../operations/work-orders.js';
import type { UserAction } from '../workflow/workOrder.js';
import { callOperation } from '../operations/call.js';
import type { CallArgs, CallResult, OperationShape } from '../operations/define.js';
import type {
  LoginAnswer,
  PasswordLoginBody,
  SmsLoginBody,
  SmsSendBody,
  ChangePasswordBody,
} from '../operations/auth.js';

/*
 * The named calls below load their operation's declaration (its TypeBox schemas) when first called, not
 * with the client: the console's login page then needs neither TypeBox nor the declarations it does not call
 * (B6, docs/console-chunks.md). The declaration stays the one the server serves the route from.
 */
/** One area's declarations by name, its module imported at the first call. */
const area =
  <M>(load: () => Promise<M>) =>
  <K extends keyof M>(name: K): Promise<M[K]> =>
    load().then((m) => m[name]);
const authOp = area(() => import('../operations/auth.js'));
const identityOp = area(() => import('../operations/identity.js'));
const shellOp = area(() => import('../operations/shell.js'));
const pushStatsOp = area(() => import('../operations/push-stats.js'));
const gatewayTestOp = area(() => import('../operations/gateway-tests.js'));
const monitoringOp = area(() => import('../operations/monitoring.js'));
const workOrderOp = area(() => import('../operations/work-orders.js'));
const jobOp = area(() => import('../operations/jobs.js'));
const shareLinkOp = area(() => import('../operations/share-links.js'));

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
    for (const [name, path] of Object.entries(ENTITY_PATHS)) calls[name] = crud(this.http, path);
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

  /** The call of an operation whose declaration is still loading (the named calls below). */
  private later<O extends OperationShape>(op: Promise<O>, ...[input]: CallArgs<O>): Promise<CallResult<O>> {
    return op.then((o) => callOperation(this.http, o, input));
  }

  get session() {
    return this.http.options.session;
  }

  /** Generic calls for a path no entity definition covers yet. */
  crud<R>(path: string) {
    return crud<R>(this.http, path);
  }

  readonly auth = {
    captcha: () => this.later(authOp('getCaptcha')),
    login: async (body: PasswordLoginBody) => this.keep(await this.later(authOp('loginWithPassword'), { body })),
    sendSms: (body: SmsSendBody) => this.later(authOp('sendSmsCode'), { body }),
    smsLogin: async (body: SmsLoginBody) => this.keep(await this.later(authOp('loginWithSms'), { body })),
    /** Log in with an access token (scripts, CLI): validates it and returns the session. */
    tokenLogin: async (token: string) => this.keep(await this.later(authOp('loginWithToken'), { body: { token } })),
    logout: async () => {
      try {
        await this.later(authOp('logout'));
      } finally {
        this.session.set(null);
      }
    },
    me: () => this.later(authOp('getMe')),
    changePassword: (body: ChangePasswordBody) => this.later(authOp('changePassword'), { body }),
  };

  readonly users = {
    setLocked: (id: number, locked: boolean) =>
      this.later(identityOp('lockUser'), { params: { id }, body: { locked } }),
    resetPassword: (id: number) => this.later(identityOp('resetUserPassword'), { params: { id } }),
  };

  readonly roles = {
    users: (id: number) => this.later(identityOp('getRoleUsers'), { params: { id } }),
    assignUsers: (id: number, userIds: number[]) =>
      this.later(identityOp('setRoleUsers'), { params: { id }, body: { userIds } }),
  };

  /** Push statistics per gateway (its permission) and over the platform (super admin). */
  readonly pushStats = {
    ofGateway: (id: number, query: PushStatsQuery = {}) =>
      this.later(pushStatsOp('getGatewayPushStats'), { params: { id }, query }),
    list: (query: PushStatsListQuery = {}) => this.later(pushStatsOp('listGatewayPushStats'), { query }),
  };

  /** Gateway tests run by the server: create, detail with per-gateway results, cancel. */
  readonly gatewayTests = {
    create: (body: GatewayTestBody) => this.later(gatewayTestOp('createGatewayTest'), { body }),
    detail: (id: number) => this.later(gatewayTestOp('getGatewayTestDetail'), { params: { id } }),
    cancel: (id: number) => this.later(gatewayTestOp('cancelGatewayTest'), { params: { id } }),
  };

  readonly tokens = {
    create: (name: string, expireTime?: string) =>
      this.later(identityOp('createAccessToken'), { body: { name, expireTime: expireTime ?? null } }),
    revoke: (id: number) => this.later(identityOp('revokeAccessToken'), { params: { id } }),
  };

  readonly monitoring = {
    /** Totals and latest alarms over what the caller sees, or over the chosen elevators only (index 406). */
    overview: (elevatorIds?: readonly number[]) =>
      this.later(monitoringOp('getMonitoringOverview'), {
        query: elevatorIds?.length ? { elevatorIds: elevatorIds.join(',') } : {},
      }),
  };

  /** Repair work orders: detail, actions, pause, people (lists are client.entities.workOrder). */
  readonly workOrders = {
    detail: (id: number) => this.later(workOrderOp('getWorkOrderDetail'), { params: { id } }),
    act: (id: number, action: UserAction, body: WorkOrderActionBody = {}) =>
      this.later(workOrderOp('actOnWorkOrder'), { params: { id, action }, body }),
    pause: (id: number, paused: boolean) =>
      this.later(workOrderOp('pauseWorkOrder'), { params: { id }, body: { paused } }),
    addPerson: (id: number, userId: number, role: 'repair' | 'service') =>
      this.later(workOrderOp('addWorkOrderPerson'), { params: { id }, body: { userId, role } }),
  };

  /** The server's background jobs and how their last runs went (super admin). */
  readonly jobs = {
    list: () => this.later(jobOp('listJobs')),
  };

  /** Signed links to a work order's mobile page, and the public read behind them. */
  readonly workOrderLinks = {
    create: (workOrderId: number, body: ShareLinkBody = {}) =>
      this.later(shareLinkOp('createWorkOrderShareLink'), { params: { id: workOrderId }, body }),
    /** Any flaw in the link (wrong, tampered, expired) answers the same 404 `shareLink.invalid`. */
    read: (workOrderId: number | string, signature: ShareLinkSignature) =>
      this.later(shareLinkOp('getSharedWorkOrder'), { params: { id: String(workOrderId) }, query: { ...signature } }),
  };

  /** GET dicts/mapTree, cached per language. */
  dicts(): Promise<Record<EnumName, DictOption[]>> {
    const lang = this.http.language;
    this.dictCache[lang] ??= this.later(shellOp('getDictionaries')).catch((e: unknown) => {
      delete this.dictCache[lang];
      throw e;
    });
    return this.dictCache[lang];
  }

  /** GET main/authChildrenOrg: the organisations for the selector. */
  orgs = () => this.later(shellOp('listOrganisations'));

  /** Branding for a host name, no login needed. */
  uiSettingFor = (host: string) => this.later(shellOp('getPublicUiSetting'), { query: { host } });

  announcementNotices = (pageNo = 1, pageSize = 20) =>
    this.later(shellOp('listAnnouncementNotices'), { query: { pageNo, pageSize } });

  private keep(answer: LoginAnswer): LoginAnswer {
    this.session.set(answer);
    this.session.setOrgId(answer.orgId);
    return answer;
  }
}
