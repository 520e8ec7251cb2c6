import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useConsole } from '../app/ConsoleContext';

/** The longest the routes wait for an idle moment. */
const IDLE_TIMEOUT_MS = 3000;

/** True once the browser was idle after the first render (or IDLE_TIMEOUT_MS passed). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle;
}

/**
 * The API routes the server publishes in openapi.json. Polls and the live channel only call routes that
 * exist, so a server without them (an earlier release) causes no failed requests and no console errors.
 * The document is large (about 900 KB): it is fetched once the browser is idle, after the screen's own
 * requests, so it never delays a screen's first rows (B6); the first polls come seconds later anyway.
 */
export function useApiRoutes(): Set<string> | undefined {
  const { config } = useConsole();
  const idle = useIdle();
  return useQuery({
    queryKey: ['openapi-routes', config.apiBase],
    enabled: idle,
    staleTime: Infinity,
    meta: { silent: true },
    queryFn: async () => {
      const response = await fetch(`${config.apiBase}/openapi.json`);
      if (!response.ok) return new Set<string>();
      const doc = (await response.json()) as { paths?: Record<string, unknown>; servers?: { url: string }[] };
      return new Set(Object.keys(doc.paths ?? {}).map(normaliseRoute));
    },
  }).data;
}

/** "/api/workOrders/web" and "workOrders/web" name the same route. */
export function normaliseRoute(path: string): string {
  return path.replace(/^\/?(api\/)?/, '').replace(/\/$/, '');
}
