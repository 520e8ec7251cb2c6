/** What the process is attached to, decided once: prompts, colour and progress depend on it. */
export interface Terminal {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Colour on stdout (a terminal, NO_COLOR unset, FORCE_COLOR not 0, TERM not dumb). */
  color: boolean;
  /** Colour on stderr, by the same rules. */
  colorErr: boolean;
  /** Terminal width for tables; undefined when not a terminal (no truncation). */
  columns: number | undefined;
}

function colourAllowed(isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR === '0') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return true;
  return isTTY && env.TERM !== 'dumb';
}

export function detectTerminal(env: NodeJS.ProcessEnv = process.env): Terminal {
  const stdoutIsTTY = Boolean(process.stdout.isTTY);
  const stderrIsTTY = Boolean(process.stderr.isTTY);
  return {
    stdoutIsTTY,
    stderrIsTTY,
    stdinIsTTY: Boolean(process.stdin.isTTY),
    color: colourAllowed(stdoutIsTTY, env),
    colorErr: colourAllowed(stderrIsTTY, env),
    columns: stdoutIsTTY ? process.stdout.columns : undefined,
  };
}

let detected: Terminal | undefined;
export const terminal = (): Terminal => (detected ??= detectTerminal());
