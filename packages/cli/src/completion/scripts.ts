import type { CompletionNode } from './tree.js';
import type { CompletionValues } from './values.js';

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The command that prints the profile names when the shell asks (the settings file may change after eval). */
const PROFILES = 'liftctl completion __profiles 2>/dev/null';

/** A bash case body that prints these values. */
const bashValues = (values: CompletionValues) =>
  values === '@profiles' ? PROFILES : `echo ${shellQuote(values.join(' '))}`;

/**
 * bash: a table of the words that may follow each command path (subcommands, flags and the first argument's
 * values), and one of the values each option takes (output formats, enum codes, profile names), walked over
 * the words typed so far. An option's values are looked up on the command typed, then on the root (the global
 * options every command takes).
 */
export function bashScript(nodes: CompletionNode[]): string {
  const cases = nodes
    .map((n) => {
      const words = [...n.subcommands, ...n.options.map((o) => o.flag)].join(' ');
      const key = shellQuote(n.path.join(' '));
      if (n.argumentValues === undefined) return `    ${key}) echo ${shellQuote(words)} ;;`;
      return `    ${key}) echo ${shellQuote(words)}; ${bashValues(n.argumentValues)} ;;`;
    })
    .join('\n');
  const valueCases = nodes
    .flatMap((n) =>
      n.options.flatMap((o) =>
        o.values === undefined
          ? []
          : [o.flag, ...(o.short ? [o.short] : [])].map(
              (flag) => `    ${shellQuote(`${n.path.join(' ')}|${flag}`)}) ${bashValues(o.values!)} ;;`,
            ),
      ),
    )
    .join('\n');
  return `# liftctl completion for bash: eval "$(liftctl completion bash)" in ~/.bashrc
_liftctl_words() {
  case "$1" in
${cases}
  esac
}
_liftctl_values() {
  case "$1" in
${valueCases}
  esac
}
_liftctl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" path="" next w i vals
  (( COMP_CWORD > 1 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    next="\${path:+$path }$w"
    [[ -n "$(_liftctl_words "$next")" ]] && path="$next"
  done
  if [[ "$prev" == -* ]]; then
    vals="$(_liftctl_values "$path|$prev")"
    [[ -z "$vals" ]] && vals="$(_liftctl_values "|$prev")"
    if [[ -n "$vals" ]]; then
      COMPREPLY=($(compgen -W "$vals" -- "$cur"))
      return
    fi
  fi
  COMPREPLY=($(compgen -W "$(_liftctl_words "$path")" -- "$cur"))
}
complete -F _liftctl liftctl
`;
}

/** zsh: the bash script through zsh's bashcompinit. */
export function zshScript(nodes: CompletionNode[]): string {
  return `# liftctl completion for zsh: eval "$(liftctl completion zsh)" in ~/.zshrc
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${bashScript(nodes).split('\n').slice(1).join('\n')}`;
}

/** fish's -a argument for these values. */
const fishValues = (values: CompletionValues) =>
  shellQuote(values === '@profiles' ? '(liftctl completion __profiles 2>/dev/null)' : values.join(' '));

/** fish: one complete line per subcommand, option and value list, conditioned on the command path typed. */
export function fishScript(nodes: CompletionNode[]): string {
  const lines = ['# liftctl completion for fish: liftctl completion fish > ~/.config/fish/completions/liftctl.fish'];
  for (const n of nodes) {
    const condition =
      n.path.length === 0
        ? '__fish_use_subcommand'
        : n.path.map((p) => `__fish_seen_subcommand_from ${p}`).join('; and ');
    for (const sub of n.subcommands) {
      const child = nodes.find((c) => c.path.join(' ') === [...n.path, sub].join(' '));
      lines.push(
        `complete -c liftctl -f -n ${shellQuote(condition)} -a ${sub} -d ${shellQuote(child?.description ?? '')}`,
      );
    }
    if (n.argumentValues !== undefined)
      lines.push(`complete -c liftctl -f -n ${shellQuote(condition)} -a ${fishValues(n.argumentValues)}`);
    for (const o of n.options)
      lines.push(
        `complete -c liftctl -f -n ${shellQuote(condition)} -l ${o.flag.slice(2)}${
          o.values === undefined ? '' : ` -x -a ${fishValues(o.values)}`
        } -d ${shellQuote(o.description)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}
