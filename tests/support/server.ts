import { LiftCloudClient, MemorySessionStore, type Language } from '@liftcloud/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../packages/server/src/app.js';
import { openStore, type Store } from '../../packages/server/src/db/database.js';
import { DEMO_PASSWORD, seedDemo, type DemoIds } from '../../packages/server/src/seed/demo.js';

export type TestDialect = 'sqlite' | 'postgres';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The dialects every API suite runs against: both, unless LIFTCLOUD_TEST_DIALECTS narrows them. */
export const DIALECTS: TestDialect[] = (process.env.LIFTCLOUD_TEST_DIALECTS?.split(',') as
  TestDialect[] | undefined) ?? ['sqlite', 'postgres'];

export interface TestServer {
  app: FastifyInstance;
  /** mqtt://127.0.0.1:port of the embedded broker. */
  mqttUrl: string;
  baseUrl: string;
  apiBase: string;
  store: Store;
  /** The PostgreSQL schema's connection string (undefined on SQLite): another instance may open its own pool. */
  databaseUrl?: string;
  /** The local file store's folder (buildApp's uploadDir). */
  uploadDir: string;
  demo: DemoIds;
  /** A client with its own session, logged in as a demo user (through the captcha). */
  login(username: string, password?: string, language?: Language): Promise<LiftCloudClient>;
  anonymous(language?: Language): LiftCloudClient;
  /** The answer of the newest captcha in the store: what a person at a terminal reads off the drawing. */
  captchaAnswer(): Promise<string>;
  /** Raw fetch against the API, for malformed requests a client would never send. */
  fetch(
    path: string,
    init?: RequestInit & { token?: string; language?: Language },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL schema per server, so suites never see each other's rows. */
export async function pgSchemaUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** The real server on an ephemeral port, over a temporary SQLite file or a fresh PostgreSQL schema, with demo data. */
export async function startTestServer(
  opts: {
    dialect?: TestDialect;
    loginRatePerMinute?: number;
    webRoot?: string;
    /** More buildApp options (import limits, export caps). */
    app?: Partial<AppOptions>;
    /** A second instance over another test server's store (already migrated and seeded; left open at close). */
    sharedWith?: TestServer;
    /**
     * With sharedWith on PostgreSQL: its own connection pool to the same schema (closed at close), as a second
     * server process would have, rather than the first one's store.
     */
    ownPool?: boolean;
  } = {},
): Promise<TestServer> {
  const dialect = opts.dialect ?? 'sqlite';
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-test-'));
  const shared = opts.sharedWith;
  const pgSchema = dialect === 'postgres' && !shared ? await pgSchemaUrl() : null;
  const databaseUrl = shared ? shared.databaseUrl : pgSchema?.url;
  const ownPool = !!shared && !!opts.ownPool && databaseUrl !== undefined;
  const store =
    shared && !ownPool ? shared.store : openStore({ databaseUrl, sqliteFile: join(dir, 'liftcloud.db'), poolSize: 4 });
  const uploadDir = join(dir, 'uploads');
  const app = await buildApp({
    store,
    webRoot: opts.webRoot,
    uploadDir,
    monitoring: { mqttPort: 0, mqttHost: '127.0.0.1', sweepEveryMs: 3_600_000 },
    // jobs run when a test says (app.jobs.runDue(now), app.monitoring.sweep(now)), never by the clock
    jobs: { timer: false },
    loginRatePerMinute: opts.loginRatePerMinute ?? 10_000,
    testing: { revealCaptcha: true },
    ...opts.app,
  });
  const demo = shared ? shared.demo : await seedDemo(store);
  if (!demo) throw new Error('test store was not empty');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const apiBase = `${address}/api`;

  const anonymous = (language: Language = 'en-US') => {
    const session = new MemorySessionStore();
    session.setLanguage(language);
    return new LiftCloudClient({ baseUrl: apiBase, session, timeZone: 'Asia/Shanghai' });
  };

  return {
    app,
    mqttUrl: `mqtt://127.0.0.1:${app.monitoring.broker?.port ?? 0}`,
    baseUrl: address,
    apiBase,
    store,
    databaseUrl,
    uploadDir,
    demo,
    anonymous,
    async captchaAnswer() {
      const row = await store.db
        .selectFrom('captchas')
        .select('answer')
        .orderBy('expireTime', 'desc')
        .executeTakeFirstOrThrow();
      return row.answer;
    },
    async login(username, password = DEMO_PASSWORD, language = 'en-US') {
      const client = anonymous(language);
      const captcha = (await client.auth.captcha()) as { key: string; answer?: string };
      await client.auth.login({ username, password, captchaKey: captcha.key, captchaCode: captcha.answer ?? '' });
      return client;
    },
    async fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      headers.set('accept-language', init.language ?? 'en-US');
      const res = await fetch(`${apiBase}/${path.replace(/^\//, '')}`, { ...init, headers });
      const text = await res.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { raw: text };
      }
      return { status: res.status, body };
    },
    async close() {
      await app.close();
      if (!shared || ownPool) await store.close();
      await pgSchema?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The token a logged-in client holds. */
export const tokenOf = (client: LiftCloudClient): string => client.session.get()?.token ?? '';
