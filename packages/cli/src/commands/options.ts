import type { Command } from 'commander';
import type { GlobalOptions } from '../config/settings.js';
import { Context } from '../context.js';

/** The context for a running command, from its own and its parents' options. */
export function contextFor(command: Command): Promise<Context> {
  return Context.create(command.optsWithGlobals<GlobalOptions>());
}
