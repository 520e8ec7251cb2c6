import type { Command } from 'commander';
import type { GlobalOptions } from '../config/settings.js';
import { Context } from '../context.js';

/**
 * The context for a running command, from its own and its parents' options; `storing` for login, whose
 * session goes to the credentials file even when LIFTCTL_TOKEN is set.
 */
export function contextFor(command: Command, storing = false): Promise<Context> {
  return Context.create(command.optsWithGlobals<GlobalOptions>(), storing);
}
