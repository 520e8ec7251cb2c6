/**
 * How the server ends a live-channel socket (application close codes, RFC 6455 §7.4.2: 4000 to 4999). The hub
 * sends them; the console and liftctl read them from here and never retry a socket closed with helloMismatch or
 * revoked (overflow is worth a new socket: the session still stands).
 */
export const LIVE_CLOSE_CODE = {
  /** The hello (`username-orgId`) did not match the session the socket was opened with. */
  helloMismatch: 4003,
  /**
   * The session no longer stands (401-style): a logout, a lock of the account, a password reset or change, a
   * revoked access token, changed roles or a frozen tenant. The close reason is one of LIVE_REVOKE_REASONS.
   * Do not reconnect with the same token: the console logs out, liftctl exits with its auth code.
   */
  revoked: 4401,
  /**
   * The client stopped reading: frames waiting for it passed the hub's bound (LIVE_SEND_BUFFER_BYTES), so it
   * was dropped rather than slow every other console or hold memory without limit. Frames were missed: a client
   * may open a new socket and reload what it shows.
   */
  overflow: 4413,
} as const;

/** Bytes of frames the hub lets wait for one socket before closing it with LIVE_CLOSE_CODE.overflow. */
export const LIVE_SEND_BUFFER_BYTES = 1024 * 1024;

/** Why a socket was closed with LIVE_CLOSE_CODE.revoked: the close frame's reason text. */
export const LIVE_REVOKE_REASONS = [
  'loggedOut',
  'locked',
  'passwordReset',
  'passwordChanged',
  'tokenRevoked',
  'rightsChanged',
  'tenantFrozen',
  'sessionEnded',
] as const;
export type LiveRevokeReason = (typeof LIVE_REVOKE_REASONS)[number];

/** The reason of a revoked socket's close frame; anything else (an older or newer server) reads as sessionEnded. */
export function liveRevokeReason(reason: string): LiveRevokeReason {
  return (LIVE_REVOKE_REASONS as readonly string[]).includes(reason) ? (reason as LiveRevokeReason) : 'sessionEnded';
}

/**
 * The reason an API error's key names without doubt: the server's live-socket recheck and the console's 401
 * handler read the same key, so the login page says the same whichever of the two meets the ended session first.
 */
export function revokeReasonOfKey(key: string): LiveRevokeReason | undefined {
  if (key === 'login.locked') return 'locked';
  if (key === 'login.tenantFrozen') return 'tenantFrozen';
  return undefined;
}

/** The message key saying why, in the reader's language (i18n: `live.revoked.<reason>`). */
export const liveRevokeMessageKey = (reason: LiveRevokeReason) => `live.revoked.${reason}` as const;
