import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { terminal } from '../output/terminal.js';

/** Prompts go to stderr, so a prompt never mixes into data on stdout. */
const context = () => ({ output: process.stderr });

/** Stop with a usage error when a question cannot be asked: @inquirer/prompts throws without a terminal. */
export function requireTerminal(message: string): void {
  if (!terminal().stdinIsTTY || !terminal().stderrIsTTY) throw new CliError(message, EXIT.usage);
}

/** Ask for a line of text; `validate` returns true or the problem, shown under the answer to try again. */
export async function askText(
  message: string,
  opts: { defaultValue?: string; validate?: (value: string) => true | string } = {},
): Promise<string> {
  const { input } = await import('@inquirer/prompts');
  return input({ message, default: opts.defaultValue, required: true, validate: opts.validate }, context());
}

export async function askSecret(message: string): Promise<string> {
  const { password } = await import('@inquirer/prompts');
  return password({ message, mask: '*', validate: (v) => v.length > 0 }, context());
}

/**
 * Ask yes/no before something that cannot be undone. --yes answers for the script; without a terminal and
 * without --yes it refuses (usage), and a "no" ends the command as cancelled.
 */
export async function confirmOrStop(question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  requireTerminal(t('confirm.noTty', { question }));
  const { confirm } = await import('@inquirer/prompts');
  const ok = await confirm({ message: question, default: false }, context());
  if (!ok) throw new CliError(t('confirm.cancelled'), EXIT.cancelled);
}
