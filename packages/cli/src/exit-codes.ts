/**
 * The exit codes liftctl promises to scripts. Documented in README.md and by `liftctl help exit-codes`;
 * changing a value is a breaking change.
 */
export const EXIT = {
  /** Everything asked for was done. */
  ok: 0,
  /** The server or the network refused or failed (the message says which). */
  error: 1,
  /** The command line was wrong: unknown command or flag, bad value, invalid input, no terminal for a prompt. */
  usage: 2,
  /** Not logged in, the session expired or was revoked, or no permission for the operation. */
  auth: 3,
  /** Some items succeeded and some failed (several ids deleted, an import with rejected rows). */
  partial: 4,
  /** The user answered no to a confirmation. */
  cancelled: 5,
  /** `health --below LEVEL` found elevators below that level (a cron job's alert); none found is 0. */
  found: 6,
  /** Interrupted with Ctrl-C (SIGINT). */
  interrupt: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
export type ExitName = keyof typeof EXIT;
