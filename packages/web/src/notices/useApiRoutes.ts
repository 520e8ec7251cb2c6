import { useQuery } from '@tanstack/react-query';
import { useConsole } from '../app/ConsoleContext';

/**
 * The API routes the server publishes in openapi.json. Polls and the live channel only call routes that
 * exist, so a server without them (an earlier release) causes no failed requests and no console errors.
 */
export function useApiRoutes(): Set<string> | undefined {
  const { config } = useConsole();
  return useQuery({
    queryKey: ['openapi-routes', config.apiBase],
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
