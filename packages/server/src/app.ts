import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { loggerOptions } from './http/log-redaction.js';
import type { Store } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { AppContext } from './context.js';
import { authPlugin } from './plugins/auth.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { installBodyLimits } from './plugins/body-limits.js';
import { installOperationLog } from './plugins/operation-log.js';
import { requestContext } from './plugins/request-context.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { useClientValidation } from './plugins/validation.js';
import { appScheduler, type JobOptions } from './jobs/app-scheduler.js';
import type { Scheduler } from './jobs/scheduler.js';
import { startMonitoring, type Monitoring, type MonitoringOptions } from './monitoring/index.js';
import { outboxSmsProvider, type SmsProvider } from './services/sms.js';
import type { MailTransport, SmtpOptions } from './services/mail.js';
import type { Language, MapTileSource } from '@liftcloud/client';
import { sourceOf } from './services/source.js';
import type { ImportLimits } from './services/xlsx/limits.js';
import { EXPOSED } from './tables/index.js';
import { COUNT_CACHE_MS } from './store/repository.js';
import { EXACT_TOTAL_LIMIT } from './store/list-total.js';
import { openRepositories } from './store/repositories.js';
import { AREAS } from './areas/index.js';
import { httpLimits, type HttpLimits } from './http/limits.js';
import { lazySerializers } from './http/lazy-serializers.js';
import { CONSOLE_FILES } from './http/console-files.js';
import type { AreaDeps } from './areas/area.js';
import type { OtaTransferOptions } from './areas/ota/transfers.js';

declare module 'fastify' {
  interface FastifyInstance {
    monitoring: Monitoring;
    /** The background jobs of this instance (jobs/): tests drive them with runDue(now) and runNow(name, now). */
    jobs: Scheduler;
  }
}

export interface AppOptions {
  store: Store;
  /** Where uploaded files are kept (DATA_DIR/uploads); uploads are off when unset. */
  uploadDir?: string;
  /** The built console to serve at / (packages/web/dist); skipped when absent. */
  webRoot?: string;
  sms?: SmsProvider;
  logger?: boolean;
  logLevel?: string;
  /** Requests per minute per IP on login and SMS routes. */
  loginRatePerMinute?: number;
  version?: string;
  /** How long list totals are reused, in ms (default 5,000; 0 turns reuse off). */
  countCacheMs?: number;
  /** Up to how many rows list totals are exact (default 10,000); past it they are estimated. */
  exactTotalLimit?: number;
  /** Bounds of xlsx imports (services/xlsx/limits.ts); tests shrink them to try hostile files cheaply. */
  importLimits?: Partial<ImportLimits>;
  /** Rows in one xlsx export (default 200,000). */
  exportMaxRows?: number;
  /** Live monitoring: the embedded broker's port, sweeps, event bus (docs/gateway-protocol.md). */
  monitoring?: MonitoringOptions;
  /** Background jobs: this instance's lease name, the clock, the timer (jobs/app-scheduler.ts). */
  jobs?: JobOptions;
  /** OTA transfers: leases, timeouts, chunk and window sizes (areas/ota/transfers.ts); tests shorten them. */
  ota?: Partial<OtaTransferOptions>;
  /** How long a gateway test watches each gateway (default 5 minutes); tests shorten it. */
  gatewayTestWindowMs?: number;
  /**
   * The file holding the key that signs public work-order links (DATA_DIR/share-link.key beside a SQLite
   * store); unset, the key is a row of the store, shared by every instance on it.
   */
  shareLinkKeyFile?: string;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs, Fastify's trustProxy); none
   * by default, so every per-source limit counts the connecting address.
   */
  trustProxy?: string[];
  /** Header, request and idle timeouts, and how a refused request's connection is closed (http/limits.ts). */
  http?: Partial<HttpLimits>;
  /**
   * Developer integrations (areas/developers): the key developer secrets are sealed with (DEVELOPER_SECRET_KEY,
   * 64 hex or base64 of 32 bytes) or its file (DATA_DIR/developer-secret.key beside SQLite); unset, a key row of
   * the store. The open API's requests per appKey per minute.
   */
  developers?: { secretKey?: string; secretKeyFile?: string; openApiRatePerMinute?: number };
  /**
   * Webhook targets a delivery may connect to (WEBHOOK_TARGETS): 'public' addresses only (default), also
   * 'loopback' (tests, a receiver on the same host), or 'any' (a private network deployment).
   */
  webhooks?: { targets?: 'public' | 'loopback' | 'any' };
  /**
   * Notifications (services/notifications.ts): e-mail over SMTP (SMTP_URL, MAIL_FROM) or a transport given here
   * (tests); none, and e-mails stay "not sent". The language of the e-mail subject (default zh-CN).
   */
  notifications?: { smtp?: SmtpOptions; mail?: MailTransport; language?: Language };
  /** The GIS map's tile source (MAP_TILE_*); unset, the console draws its offline land outline only. */
  mapTiles?: MapTileSource;
  /** Test harness only: never read from the environment, so no deployment can turn it on. */
  testing?: { revealCaptcha?: boolean };
}

/** The API server: plugins, then the areas (areas/index.ts), Fastify style. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const limits = httpLimits(opts.http);
  const app = Fastify({
    logger: opts.logger
      ? loggerOptions(opts.logLevel ?? 'info')
      : process.env.TEST_SERVER_LOG
        ? loggerOptions('error')
        : false,
    bodyLimit: 1024 * 1024,
    // a request's headers, the whole request, and a silent connection are each given a time (http/limits.ts)
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    // Tests end servers with uploads half-sent; a deployment lets in-flight requests finish.
    forceCloseConnections: opts.testing ? true : 'idle',
    ajv: { customOptions: { strict: false } },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
  });
  await migrate(opts.store);
  const ctx: AppContext = {
    store: opts.store,
    sms: opts.sms ?? outboxSmsProvider(opts.store.db, app.log),
    revealCaptcha: opts.testing?.revealCaptcha === true,
    version: opts.version ?? '1.0.0',
    loginRatePerMinute: opts.loginRatePerMinute ?? 20,
    countCacheMs: opts.countCacheMs ?? COUNT_CACHE_MS,
    exactTotalLimit: opts.exactTotalLimit ?? EXACT_TOTAL_LIMIT,
  };

  const serveWeb = Boolean(opts.webRoot && existsSync(opts.webRoot));
  useClientValidation(app);
  installErrorHandler(app, { spaIndex: serveWeb });
  await registerSecurityHeaders(app, { mapTiles: opts.mapTiles });
  await app.register(requestContext);
  // after the request's language is known: a refusal is in it
  installBodyLimits(app, limits);
  await app.register(rateLimit, {
    global: false,
    max: opts.loginRatePerMinute ?? 20,
    timeWindow: '1 minute',
    keyGenerator: sourceOf,
  });
  await app.register(authPlugin, { db: opts.store.db });
  await registerOpenApi(app, ctx.version);
  installOperationLog(app, opts.store.db);

  const repos = openRepositories(opts.store.db, EXPOSED, ctx);
  const jobs = appScheduler(app, opts.store.db, opts.jobs);
  const monitoring = await startMonitoring(app, opts.store, opts.monitoring ?? {}, jobs);
  const deps: AreaDeps = { ...ctx, repos, monitoring, jobs, options: opts };
  // each area in its own scope: what one registers for itself (a multipart parser) stays inside it
  for (const area of AREAS) await app.register(async (scope) => area.register(scope, deps));
  app.decorate('monitoring', monitoring);
  app.decorate('jobs', jobs);

  // One wildcard route, each file looked up when asked for: a route per file of the console's build (about 160,
  // each with its HEAD) was built at every start before the first answer (bench/startup.ts). A path that is no
  // file falls through to the not-found handler: the console's index for its own routes, a JSON 404 under /api.
  if (serveWeb)
    await app.register(async (scope) => {
      // the console's files are open (an unknown /api path reaches this route too, and ends in the JSON 404)
      scope.addHook('onRoute', (route) => void (route.config = { ...route.config, permission: 'public' }));
      await scope.register(fastifyStatic, {
        root: opts.webRoot!,
        wildcard: true,
        index: ['index.html'],
        ...CONSOLE_FILES,
      });
    });
  return app;
}
