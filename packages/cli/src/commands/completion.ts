import type { Command } from 'commander';
import { bashScript, fishScript, zshScript } from '../completion/scripts.js';
import { completionNodes } from '../completion/tree.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { writeTo } from '../output/stream.js';

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export function register(program: Command): void {
  program
    .command('completion')
    .argument('<shell>', 'bash, zsh or fish')
    .description(t('cmd.completion'))
    .action(async (shell: string) => {
      const script = SHELLS[shell as keyof typeof SHELLS];
      if (!script) throw new CliError(t('completion.unknownShell', { value: shell }), EXIT.usage);
      // Completion covers every command, so every module loads here (once, when the script is made).
      const { buildProgram } = await import('../program.js');
      const full = await buildProgram('all');
      await writeTo(process.stdout, script(completionNodes(full)));
    });
}
