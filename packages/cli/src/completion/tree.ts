import type { Command } from 'commander';
import { valuesOfArgument, valuesOfOption, type CompletionValues } from './values.js';

/** A command as completion needs it: its path of names, subcommands, long options and the values they take. */
export interface CompletionNode {
  path: string[];
  description: string;
  subcommands: string[];
  options: { flag: string; short?: string; description: string; values?: CompletionValues }[];
  /** Values of the first argument (import's kinds, completion's shells). */
  argumentValues?: CompletionValues;
}

/** Every command of the program, depth first, the root (path []) first. */
export function completionNodes(program: Command, path: string[] = []): CompletionNode[] {
  const options = program.options
    .filter((o) => o.long)
    .map((o) => ({
      flag: o.long as string,
      ...(o.short ? { short: o.short } : {}),
      description: o.description,
      values: valuesOfOption(o),
    }));
  const node: CompletionNode = {
    path,
    description: program.description(),
    subcommands: program.commands.map((c) => c.name()),
    options: [...options, { flag: '--help', description: 'help' }],
    argumentValues: valuesOfArgument(program),
  };
  return [node, ...program.commands.flatMap((c) => completionNodes(c, [...path, c.name()]))];
}
