import type { RuntimeConfig } from '@liftcloud/client';

/** Where the console finds the API and live channel: asked from the server it was served by, never built in. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const fallback: RuntimeConfig = { apiBase: `${location.origin}/api`, wsUrl: '', version: '' };
  try {
    const response = await fetch('/api/config', { headers: { 'cache-control': 'no-cache' } });
    if (!response.ok) return fallback;
    const body = (await response.json()) as { data?: RuntimeConfig } & Partial<RuntimeConfig>;
    const config = body.data ?? body;
    return {
      apiBase: absolute(config.apiBase || fallback.apiBase),
      wsUrl: config.wsUrl ?? '',
      version: config.version ?? '',
      mapTiles: config.mapTiles ?? null,
    };
  } catch {
    return fallback;
  }
}

/** A relative base ("/api") is read against the page's origin. */
function absolute(base: string): string {
  return new URL(base, location.origin).toString().replace(/\/$/, '');
}
