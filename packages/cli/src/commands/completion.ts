import type { Command } from 'commander';
import { bashScript, fishScript, zshScript } from '../completion/scripts.js';
import { completionNodes } from '../completion/tree.js';
import { completeArgument } from '../completion/values.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { writeTo } from '../output/stream.js';

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export function register(program: Command): void {
  const command = program.command('completion');
  completeArgument(command, Object.keys(SHELLS));
  command
    .argument('<shell>', 'bash, zsh or fish')
    .description(t('cmd.completion'))
    .action(async (shell: string) => {
      // Asked by the scripts at completion time: the profile names of the settings file, one a line.
      if (shell === '__profiles') {
        const { peekConfig } = await import('../config/peek.js');
        const { configDir } = await import('../config/paths.js');
        const names = Object.keys(peekConfig(configDir()).profiles);
        await writeTo(process.stdout, names.map((n) => `${n}\n`).join(''));
        return;
      }
      const script = SHELLS[shell as keyof typeof SHELLS];
      if (!script) throw new CliError(t('completion.unknownShell', { value: shell }), EXIT.usage);
      // Completion covers every command, so every module loads here (once, when the script is made).
      const { buildProgram } = await import('../program.js');
      const full = await buildProgram('all');
      await writeTo(process.stdout, script(completionNodes(full)));
    });
}
