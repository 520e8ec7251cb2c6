import type { Command } from 'commander';

/** A command as completion needs it: its path of names, subcommands, and long options. */
export interface CompletionNode {
  path: string[];
  description: string;
  subcommands: string[];
  options: { flag: string; description: string }[];
}

/** Every command of the program, depth first, the root (path []) first. */
export function completionNodes(program: Command, path: string[] = []): CompletionNode[] {
  const options = program.options
    .filter((o) => o.long)
    .map((o) => ({ flag: o.long as string, description: o.description }));
  const node: CompletionNode = {
    path,
    description: program.description(),
    subcommands: program.commands.map((c) => c.name()),
    options: [...options, { flag: '--help', description: 'help' }],
  };
  return [node, ...program.commands.flatMap((c) => completionNodes(c, [...path, c.name()]))];
}
