import { revokeReasonOfKey, type LiveRevokeReason } from '@liftcloud/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { HttpError } from '../http/errors.js';
import { invalidateCallers, resolveCaller, type Caller } from '../services/caller.js';
import type { Revocation } from './revocation.js';

/** What the revocation check needs of an open live socket. */
export interface LiveSocket {
  caller: Caller;
  /** The token and organisation header it was opened with, to resolve its caller again. */
  token: string;
  orgHeader: string | undefined;
  /** Frames are held back while the socket's session is being checked after a revocation that names it. */
  held: boolean;
  closing: boolean;
  close(reason: LiveRevokeReason): void;
}

const names = (revocation: Revocation, socket: LiveSocket): boolean => {
  if (revocation.kind === 'sessions') return revocation.sessionIds.includes(socket.caller.sessionId);
  if (revocation.kind === 'users')
    return revocation.userIds === null || revocation.userIds.includes(socket.caller.userId);
  return false;
};

/** Why a session no longer stands, from the error resolving it gave; `hint` is what the revocation said. */
function reasonOf(error: HttpError, hint: LiveRevokeReason): LiveRevokeReason {
  const named = revokeReasonOfKey(error.key);
  if (named) return named;
  // the organisation the socket was opened for is no longer the user's to see
  if (error.statusCode === 403) return 'rightsChanged';
  return hint;
}

/** Sessions checked at once (each is two to four reads of the store). */
const CONCURRENT_CHECKS = 8;

/** Check the sockets of one session (and organisation) and close or re-scope them all. */
async function recheckGroup(
  db: Kysely<DB>,
  group: LiveSocket[],
  revocation: Exclude<Revocation, { kind: 'gateways' }>,
  log: FastifyBaseLogger,
): Promise<void> {
  const first = group[0]!;
  let why: LiveRevokeReason | null = null;
  let fresh: Caller | null = null;
  try {
    fresh = await resolveCaller(db, first.token, first.orgHeader);
    if (fresh.auth !== first.caller.auth) why = 'rightsChanged';
    else if (fresh.mustChangePassword && !first.caller.mustChangePassword) why = 'passwordReset';
  } catch (error) {
    if (!(error instanceof HttpError)) {
      // the store did not answer: keep the socket (the next revocation, or the minute's sweep, checks again)
      log.error({ err: error }, 'live socket recheck failed');
      return;
    }
    why = reasonOf(error, revocation.reason);
  }
  for (const socket of group) {
    if (why) socket.close(why);
    else if (fresh) socket.caller = fresh;
  }
}

/**
 * Resolve the caller of each socket a revocation names again, from the store (the identity cache is dropped
 * first), and close the ones whose session no longer stands. A session that still stands with other rights is
 * closed too ('rightsChanged': the console's menu and permissions come from its login, docs/decisions.md); one
 * whose rights are unchanged is kept and re-scoped (its organisation subtree read again).
 */
export async function recheckSockets(
  db: Kysely<DB>,
  sockets: LiveSocket[],
  revocation: Revocation,
  log: FastifyBaseLogger,
): Promise<void> {
  if (revocation.kind === 'gateways') return;
  invalidateCallers();
  const targets = sockets.filter((s) => !s.closing && names(revocation, s));
  if (!targets.length) return;
  // A revocation naming sessions or users is about them: nothing more reaches them until they are checked.
  // One naming everybody (a role or a company edited) does not hold every console's frames back.
  const hold = revocation.kind === 'sessions' || revocation.userIds !== null;
  if (hold) for (const socket of targets) socket.held = true;
  const groups = new Map<string, LiveSocket[]>();
  for (const socket of targets) {
    const key = `${socket.token}\n${socket.orgHeader ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), socket]);
  }
  try {
    // a few sessions at a time: a role edit checks every socket, and the API answers after this instance's
    const queue = [...groups.values()];
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) await recheckGroup(db, group, revocation, log);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_CHECKS, queue.length) }, worker));
  } finally {
    for (const socket of targets) socket.held = false;
  }
}
