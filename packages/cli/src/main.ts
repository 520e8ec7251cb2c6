import { CommanderError } from 'commander';
import { configDir } from './config/paths.js';
import { peekConfig } from './config/peek.js';
import { resolveSettings } from './config/settings.js';
import { describeError, exitCodeOf } from './errors.js';
import { EXIT } from './exit-codes.js';
import { runExitHooks } from './exit-hooks.js';
import { setLanguage, t } from './i18n/index.js';
import { buildProgram, commandsNamed } from './program.js';

/** The language for help texts and messages before any command runs: the profile's, else LANG's. */
function startLanguage(): void {
  try {
    setLanguage(resolveSettings(peekConfig(configDir()), {}).language);
  } catch {
    // a bad LIFTCTL_ORG or LIFTCTL_SERVER is reported by the command that uses it
  }
}

async function main(args: string[]): Promise<number> {
  startLanguage();
  if (args[0] === 'help' && args[1] === 'exit-codes') {
    (await import('./help/exit-codes.js')).printExitCodes();
    return EXIT.ok;
  }
  const program = await buildProgram(commandsNamed(args));
  try {
    await program.parseAsync(args, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const { say } = await import('./output/messages.js');
    for (const line of describeError(error)) say.error(line);
    return exitCodeOf(error);
  }
}

/** Exit on a signal after the command's exit hooks ran (128 + the signal's number, as a shell reports it). */
const exitAfterHooks = (code: number) => void runExitHooks().then(() => process.exit(code));
process.on('SIGINT', () => {
  // On a terminal, clear the line first (a spinner or progress may be on it).
  process.stderr.write(`${process.stderr.isTTY ? '\r\u001b[2K' : '\n'}${t('interrupted')}\n`);
  exitAfterHooks(EXIT.interrupt);
});
// A closed terminal or SSH session.
process.on('SIGHUP', () => exitAfterHooks(129));
// A live command closes its channel on SIGTERM and ends on its own (live/session.ts); any other exits here.
process.on('SIGTERM', () => {
  if (process.listenerCount('SIGTERM') === 1) exitAfterHooks(143);
});
// `liftctl company list | head`: a closed pipe is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
