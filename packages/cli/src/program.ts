import { Command, Option } from 'commander';
import { COMMANDS } from './commands/registry.js';
import { localiseCommanderError } from './i18n/commander-errors.js';
import { t, type CliMessageKey } from './i18n/index.js';
import { OUTPUT_FORMATS } from './output/format.js';
import { cliVersion } from './version.js';

const HELP_TITLES: Record<string, CliMessageKey> = {
  'Usage:': 'help.usage',
  'Options:': 'help.options',
  'Global Options:': 'help.globalOptions',
  'Commands:': 'help.commands',
  'Arguments:': 'help.arguments',
};

/** Commander's help headings in the reader's language. */
const helpTitle = (title: string): string => {
  const key = HELP_TITLES[title];
  return key ? t(key) : title;
};

/** The root command with the options every command shares. */
export function rootProgram(): Command {
  return new Command('liftctl')
    .description('LiftCloud ops CLI')
    .version(cliVersion(), '-V, --version', t('opt.version'))
    .helpOption('-h, --help', t('opt.help'))
    .helpCommand('help [command]', t('cmd.help'))
    .addOption(new Option('-o, --output <format>', t('opt.output')).choices(OUTPUT_FORMATS))
    .option('--profile <name>', t('opt.profile'))
    .option('--server <url>', t('opt.server'))
    .option('--org <id>', t('opt.org'))
    .option('--debug', t('opt.debug'))
    .option('-y, --yes', t('opt.yes'))
    .addHelpText('after', `\n${t('help.exitCodes')}`)
    .showSuggestionAfterError()
    .configureOutput({ outputError: (text, write) => write(localiseCommanderError(text)) })
    .configureHelp({ showGlobalOptions: true, styleTitle: helpTitle })
    .exitOverride();
}

/**
 * The program with `wanted` fully loaded and every other command as a name and summary only, so
 * `liftctl --help` and `--version` load neither the client nor any command module.
 */
export async function buildProgram(wanted: ReadonlySet<string> | 'all'): Promise<Command> {
  const program = rootProgram();
  for (const spec of COMMANDS) {
    if (wanted === 'all' || wanted.has(spec.name)) (await spec.load())(program);
    else {
      const stub = program.command(spec.name).description(spec.summary());
      if (spec.group) stub.helpGroup(spec.group());
    }
  }
  // A name nobody above knows may be an entity newer than the manifest: ask the client (slow path only).
  const known = new Set(COMMANDS.map((c) => c.name));
  const unknown = wanted === 'all' || [...wanted].some((name) => name !== 'help' && !known.has(name));
  if (unknown) (await import('./commands/entity/unlisted.js')).registerUnlistedEntities(program);
  return program;
}

/** Options of the root program that take a value: their value is not a command name. */
const VALUE_OPTIONS = new Set(['-o', '--output', '--profile', '--server', '--org']);

/** The command names in the arguments: the first word that is not an option, and what `help` names. */
export function commandsNamed(args: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (VALUE_OPTIONS.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    names.add(arg);
    if (arg === 'help' && args[i + 1]) names.add(args[i + 1] ?? '');
    break;
  }
  return names;
}
