import { Command, Option } from 'commander';
import { COMMANDS } from './commands/registry.js';
import { localiseCommanderError } from './i18n/commander-errors.js';
import { t, type CliMessageKey } from './i18n/index.js';
import { OUTPUT_FORMATS } from './output/format.js';
import { cliVersion } from './version.js';
import { completeOption } from './completion/values.js';

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

/** A command in a list of commands: "[options]" only for options of its own (not the hidden global copies). */
const subcommandTerm = (cmd: Command): string => {
  const args = cmd.registeredArguments.map((a) => {
    const name = `${a.name()}${a.variadic ? '...' : ''}`;
    return a.required ? `<${name}>` : `[${name}]`;
  });
  const alias = cmd.aliases()[0];
  const options = cmd.options.some((o) => !o.hidden) ? ' [options]' : '';
  return `${cmd.name()}${alias ? `|${alias}` : ''}${options}${args.length ? ` ${args.join(' ')}` : ''}`;
};

/** The root command with the options every command shares. */
export function rootProgram(): Command {
  return (
    new Command('liftctl')
      .description('LiftCloud ops CLI')
      .version(cliVersion(), '-V, --version', t('opt.version'))
      .helpOption('-h, --help', t('opt.help'))
      .helpCommand('help [command]', t('cmd.help'))
      .addOption(new Option('-o, --output <format>', t('opt.output')).choices(OUTPUT_FORMATS))
      .addOption(completeOption(new Option('--profile <name>', t('opt.profile')), '@profiles'))
      .option('--server <url>', t('opt.server'))
      .option('--org <id>', t('opt.org'))
      .option('--debug', t('opt.debug'))
      .option('-y, --yes', t('opt.yes'))
      .addHelpText('after', `\n${t('help.exitCodes')}`)
      .showSuggestionAfterError()
      // The root's options are read before the command's name only; after it, the command reads them (copies
      // made by shareGlobalOptions), so a command's own option named like a global one (gateway-version
      // list --version 2.1.0) reaches that command instead of being taken by the root.
      .enablePositionalOptions()
      .configureOutput({ outputError: (text, write) => write(localiseCommanderError(text)) })
      .configureHelp({ showGlobalOptions: true, styleTitle: helpTitle, subcommandTerm })
      .exitOverride()
  );
}

/**
 * The program with `wanted` fully loaded and every other command as a name and summary only, so
 * `liftctl --help` and `--version` load neither the client nor any command module.
 */
export async function buildProgram(wanted: ReadonlySet<string> | 'all'): Promise<Command> {
  const program = rootProgram();
  const stubs = new Set<Command>();
  for (const spec of COMMANDS) {
    if (wanted === 'all' || wanted.has(spec.name)) (await spec.load())(program);
    else {
      const stub = program.command(spec.name).description(spec.summary());
      if (spec.group) stub.helpGroup(spec.group());
      stubs.add(stub);
    }
  }
  // A name nobody above knows may be an entity newer than the manifest: ask the client (slow path only).
  const known = new Set(COMMANDS.map((c) => c.name));
  const unknown = wanted === 'all' || [...wanted].some((name) => name !== 'help' && !known.has(name));
  if (unknown) (await import('./commands/entity/unlisted.js')).registerUnlistedEntities(program);
  // A stub only names and sums up a command in the program's help (its options are not listed there, and
  // the arguments never run it): the global options' copies, 6 for each of about 85 commands, go to the
  // commands loaded only.
  shareGlobalOptions(program, stubs);
  return program;
}

/** Options of the root that only the root takes (the version is the program's, not a command's). */
const ROOT_ONLY = new Set(['--version', '--help']);

/**
 * Every command accepts the root's options after its name too (`liftctl company list -o json`): each gets a
 * hidden copy, except where it declares an option of that name itself (then the command's own option wins and
 * `--version` after it is its filter, not the program's version). optsWithGlobals() merges the values.
 */
export function shareGlobalOptions(program: Command, skip: ReadonlySet<Command> = new Set()): void {
  const globals = program.options.filter((o) => o.long && !ROOT_ONLY.has(o.long));
  const visit = (command: Command) => {
    for (const global of globals) {
      const taken = command.options.some(
        (o) => o.long === global.long || (global.short !== undefined && o.short === global.short),
      );
      if (taken) continue;
      const copy = new Option(global.flags, global.description).hideHelp();
      if (global.argChoices) copy.choices(global.argChoices);
      command.addOption(copy);
    }
    command.commands.forEach(visit);
  };
  for (const command of program.commands) if (!skip.has(command)) visit(command);
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
