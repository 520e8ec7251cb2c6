import { ApiError } from '@liftcloud/client';
import { useEffect, useRef } from 'react';
import i18next from 'i18next';
import { withFeedback } from '../app/feedback';
import { useApiRoutes, normaliseRoute } from './useApiRoutes';

export interface PollOptions<T> {
  /** The API path polled (an operation's path): a route the server does not publish is never called. */
  route: string;
  /** One poll: the operation's typed call, or a list's. */
  load: () => Promise<T>;
  /** The caller holds what this poll needs (its permission index); false: no polling. */
  enabled: boolean;
  firstDelayMs: number;
  intervalMs: number;
  onData: (data: T) => void;
}

/**
 * Calls a notice route on a timer (console-shell.md §9). A route the server does not publish is never
 * called; a 404 is swallowed; any other failure shows the common get-data tip once per failure.
 */
export function usePolling<T>(options: PollOptions<T>): void {
  const routes = useApiRoutes();
  const latest = useRef(options);
  latest.current = options;
  const available = routes?.has(normaliseRoute(options.route)) ?? false;
  const active = options.enabled && available;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const poll = async () => {
      const { route, load, onData } = latest.current;
      try {
        const data = await load();
        if (!stopped) onData(data);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.unauthorized)) return;
        withFeedback((ui) => ui.message.error({ content: i18next.t('common.loadFailed'), key: `poll:${route}` }));
      }
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void poll();
      interval = setInterval(() => void poll(), latest.current.intervalMs);
    }, options.firstDelayMs);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
    };
  }, [active, options.firstDelayMs]);
}
