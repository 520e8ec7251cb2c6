import { serialLightAllowed } from '@liftcloud/client';
import { useEffect } from 'react';
import { useConsole } from '../app/ConsoleContext';
import { normaliseRoute, useApiRoutes } from '../notices/useApiRoutes';
import { connectLiveSocket } from './liveSocket';
import { flashAlarmLight } from './serialLight';

/** Type 1 messages light the alarm lamp on the serial port, where the organisation may use it. */
const LIGHT_MESSAGE_TYPE = 1;

/** The WebSocket of console-shell.md §7, opened only when the server publishes its hub. */
export function LiveChannel() {
  const { config, session, orgId } = useConsole();
  const routes = useApiRoutes();
  const url = config.wsUrl ? new URL(config.wsUrl, location.href) : null;
  const published = !!url && !!routes?.has(normaliseRoute(url.pathname));
  const target = published && url ? url.toString().replace(/^http/, 'ws') : null;
  const username = session?.username;

  useEffect(() => {
    if (!target || !username || orgId === null) return;
    return connectLiveSocket({
      url: target,
      hello: `${username}-${orgId}`,
      onMessage: (message) => {
        const type = (message as { type?: unknown } | null)?.type;
        if (Number(type) === LIGHT_MESSAGE_TYPE && serialLightAllowed(orgId))
          void flashAlarmLight().catch(() => undefined);
      },
    });
  }, [target, username, orgId]);
  return null;
}
