import { LIVE_FRAME_TYPE, serialLightAllowed } from '@liftcloud/client';
import { useEffect } from 'react';
import { useConsole } from '../app/ConsoleContext';
import { logOutAndReload } from '../boot/createClient';
import { publishFrame } from './liveFrames';
import { connectLiveSocket } from './liveSocket';
import { liveChannelClosed, liveChannelOpened } from './liveStatus';
import { flashAlarmLight } from './serialLight';

/**
 * The live channel's address: the runtime config's wsUrl with the session token as ?token= (a browser
 * cannot set headers on a WebSocket), ws: or wss: to match.
 */
export function liveChannelUrl(wsUrl: string, token: string, page?: string): string | null {
  if (!wsUrl) return null;
  const url = new URL(wsUrl, page ?? location.href);
  url.protocol = url.protocol.replace(/^http/, 'ws');
  url.searchParams.set('token', token);
  return url.toString();
}

/** The WebSocket of console-shell.md §7, when the server names one in its runtime config. */
export function LiveChannel() {
  const { client, config, session, orgId } = useConsole();
  const target = session ? liveChannelUrl(config.wsUrl, session.token) : null;
  const username = session?.username;

  useEffect(() => {
    if (!target || !username || orgId === null) return;
    return connectLiveSocket({
      url: target,
      hello: `${username}-${orgId}`,
      onOpenChange: (open) => (open ? liveChannelOpened() : liveChannelClosed()),
      // the session ended elsewhere (logout, lock, reset, revoked token, changed roles): back to login, saying why
      onRevoked: (reason) => logOutAndReload(client.session, reason),
      onMessage: (message) => {
        const frame = publishFrame(message);
        // an alarm frame lights the alarm lamp on the serial port, where the organisation may use it
        if (frame?.type === LIVE_FRAME_TYPE.alarm && serialLightAllowed(orgId))
          void flashAlarmLight().catch(() => undefined);
      },
    });
  }, [target, username, orgId, client]);
  return null;
}
