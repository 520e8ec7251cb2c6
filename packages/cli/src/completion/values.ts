import type { Command, Option } from 'commander';

/**
 * Values shell completion offers after an option or for a command's first argument: a fixed list, or
 * `@profiles` (the profile names of the settings file, read when the shell asks: `liftctl completion
 * __profiles`). Kept beside the commander objects, so the commands declare them where they declare the option.
 */
export type CompletionValues = readonly string[] | '@profiles';

const optionValues = new WeakMap<Option, CompletionValues>();
const argumentValues = new WeakMap<Command, CompletionValues>();

/** The values of the option last added to `command` (call right after `.option(...)`). */
export function completeLastOption(command: Command, values: CompletionValues): Command {
  const option = command.options.at(-1);
  if (option) optionValues.set(option, values);
  return command;
}

/** The values of `command`'s first argument. */
export function completeArgument(command: Command, values: CompletionValues): Command {
  argumentValues.set(command, values);
  return command;
}

/** The same for an Option built with `new Option` (returned, for addOption). */
export function completeOption(option: Option, values: CompletionValues): Option {
  optionValues.set(option, values);
  return option;
}

/** An option's values: declared, else its commander choices (-o, --page-size). */
export function valuesOfOption(option: Option): CompletionValues | undefined {
  return optionValues.get(option) ?? (option.argChoices?.length ? option.argChoices : undefined);
}

export const valuesOfArgument = (command: Command): CompletionValues | undefined => argumentValues.get(command);
