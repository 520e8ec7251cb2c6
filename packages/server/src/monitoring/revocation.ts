import type { LiveRevokeReason } from '@liftcloud/client';

/**
 * What every server instance must act on at once, carried on the event bus beside the live events: sessions
 * whose sockets are to be checked again (and closed when they no longer stand), and gateways to cut off.
 */
export type Revocation = (
  | {
      kind: 'sessions';
      /** Sessions (session or access-token rows) that ended. */
      sessionIds: number[];
      reason: LiveRevokeReason;
    }
  | {
      kind: 'users';
      /** Users whose account, password or rights changed; null: every user (a role, company or tenant changed). */
      userIds: number[] | null;
      /** Said to a socket whose session no longer stands, unless the check finds a more precise reason. */
      reason: LiveRevokeReason;
    }
  | {
      kind: 'gateways';
      /** DTU numbers whose secret was reissued, or that were blacklisted or deleted. */
      dtus: string[];
    }
) & {
  /** The instance that acted on it first (it does not act on its own again when the bus echoes it). */
  origin?: string;
};
