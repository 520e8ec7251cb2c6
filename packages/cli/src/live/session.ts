import '../client-messages.js';
import { liveRevokeMessageKey, translate } from '@liftcloud/client';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import {
  openLiveChannel,
  RECONNECT,
  type ChannelNotice,
  type LiveChannel,
  type LiveFrame,
  type ReconnectPolicy,
} from './channel.js';

export interface LiveSession {
  server: string;
  token: string;
  username: string;
  /** The organisation in use: --org / LIFTCTL_ORG / the profile's, else the session's. */
  orgId: number | null;
}

/**
 * Check the login with the server (an expired access-token session logs in again) and return what the socket
 * needs. A server that does not answer at start is not the end when a session is stored: the channel keeps
 * trying to reach it (said on stderr); a login it refuses is.
 */
export async function liveSession(ctx: Context): Promise<LiveSession> {
  const store = ctx.sessionStore();
  try {
    await ctx.call((client) => client.auth.me(), { spinner: false });
  } catch (error) {
    if (!store.get() || !(error instanceof CliError) || error.exitCode !== EXIT.error) throw error;
    say.warn(t('live.serverDown', { server: ctx.requireServer(), reason: error.message }));
  }
  const session = store.get();
  if (!session) throw new CliError(t('auth.notLoggedIn', { server: ctx.requireServer() }), EXIT.auth);
  return { server: ctx.requireServer(), token: session.token, username: session.username, orgId: store.getOrgId() };
}

/** Reconnect notices on stderr, as the console shows them. */
export function sayNotice(notice: ChannelNotice): void {
  switch (notice.kind) {
    case 'open':
      if (notice.reconnected) say.info(t('live.reconnected'));
      return;
    case 'lost':
      say.warn(
        t(Number.isFinite(notice.of) ? 'live.lost' : 'live.lostRetrying', {
          reason: notice.reason,
          seconds: notice.delayMs / 1000,
          attempt: notice.attempt,
          of: notice.of,
        }),
      );
      return;
    case 'gaveUp':
    case 'refused':
    case 'revoked':
      return; // reported by the caller as the command's error
  }
}

/** The error a channel that closed for good ends the command with. */
export function channelError(notice: ChannelNotice | null): CliError | null {
  if (!notice) return null;
  if (notice.kind === 'gaveUp')
    return new CliError(t('live.gaveUp', { attempts: notice.attempts, reason: notice.reason }), EXIT.error);
  if (notice.kind === 'refused') return new CliError(t('live.refused', { reason: notice.reason }), EXIT.auth);
  if (notice.kind === 'revoked')
    return new CliError(
      t('live.revoked', { why: translate(currentLanguage(), liveRevokeMessageKey(notice.reason)) }),
      EXIT.auth,
    );
  return null;
}

/** --max-retries: how many failed reconnect attempts in a row end the command; absent: no limit. */
export function reconnectPolicy(maxRetries: string | undefined): ReconnectPolicy {
  if (maxRetries === undefined) return RECONNECT;
  const n = Number(maxRetries);
  if (!Number.isInteger(n) || n < 0)
    throw new CliError(t('live.badId', { flag: '--max-retries', value: maxRetries }), EXIT.usage);
  return { ...RECONNECT, attempts: n };
}

/** Open the live channel for the command's session; Ctrl-C and SIGTERM close it. */
export function openChannel(
  session: LiveSession,
  onFrame: (frame: LiveFrame) => void,
  onNotice: (notice: ChannelNotice) => void = sayNotice,
  reconnect: ReconnectPolicy = RECONNECT,
): LiveChannel {
  const channel = openLiveChannel({ ...session, onFrame, onNotice, reconnect });
  process.once('SIGTERM', () => channel.close());
  return channel;
}
