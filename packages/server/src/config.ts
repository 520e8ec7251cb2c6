import { parseMapTileSource, type MapTileSource } from '@liftcloud/client';
import { resolve } from 'node:path';

/** Every setting comes from the environment; README lists each with its default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded SQLite file in DATA_DIR. postgres://…: PostgreSQL. */
  databaseUrl: string | undefined;
  webRoot: string;
  /** Load demo data into an empty store. */
  seedDemo: boolean;
  logLevel: string;
  /** Reverse proxies whose X-Forwarded-For names the client (TRUST_PROXY, comma-separated addresses or CIDRs). */
  trustProxy: string[];
  loginRatePerMinute: number;
  /** Argon2 hashes computed at once (HASH_CONCURRENCY; unset: services/secrets.ts's default, cores − 1). */
  hashConcurrency: number | undefined;
  /** HASH_NICE: the hash threads' nice value, 0 to 19 (services/secrets.ts). */
  hashNice: number | undefined;
  /** The embedded MQTT broker's port (1884: 1883 is often a system Mosquitto's). */
  mqttPort: number;
  /** The address the embedded MQTT broker binds: MQTT_HOST, else HOST (a server on 127.0.0.1 keeps both there). */
  mqttHost: string;
  /** An external broker (Mosquitto, EMQX) to ingest from instead of the embedded one. */
  mqttUrl: string | undefined;
  /** This instance's name in the shared ingest group (stable across restarts keeps its MQTT session). */
  instanceId: string;
  /** NATS server that carries live events between instances (unset: in-process). */
  natsUrl: string | undefined;
  /** Simulated gateways `npm start` runs against the embedded broker so the demo is alive (0: none). */
  simulateGateways: number;
  /** The GIS map's tile source (MAP_TILE_URL, _SUBDOMAINS, _ATTRIBUTION, _MAX_ZOOM); unset: offline outline only. */
  mapTiles: MapTileSource | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const host = env.HOST || '0.0.0.0';
  return {
    port: Number(env.PORT ?? 8080),
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    webRoot: resolve(env.WEB_ROOT ?? new URL('../../web/dist', import.meta.url).pathname),
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    loginRatePerMinute: Number(env.LOGIN_RATE_PER_MINUTE ?? 20),
    hashConcurrency: env.HASH_CONCURRENCY ? Number(env.HASH_CONCURRENCY) : undefined,
    hashNice: env.HASH_NICE ? Number(env.HASH_NICE) : undefined,
    mqttPort: Number(env.MQTT_PORT ?? 1884),
    mqttHost: env.MQTT_HOST || host,
    mqttUrl: env.MQTT_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    // all but two of the demo fleet's 38 gateways (seed/demo-fleet.ts): the other two show as silent
    simulateGateways: Number(env.SIMULATE_GATEWAYS ?? 36),
    mapTiles: env.MAP_TILE_URL
      ? parseMapTileSource({
          url: env.MAP_TILE_URL,
          subdomains: env.MAP_TILE_SUBDOMAINS,
          attribution: env.MAP_TILE_ATTRIBUTION,
          maxZoom: env.MAP_TILE_MAX_ZOOM,
          datum: env.MAP_TILE_DATUM,
        })
      : undefined,
    instanceId: env.INSTANCE_ID ?? `liftcloud-${process.env.HOSTNAME ?? 'local'}`,
  };
}
