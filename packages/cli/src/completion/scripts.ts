import type { CompletionNode } from './tree.js';

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** bash: a table of the words that may follow each command path, walked over the words typed so far. */
export function bashScript(nodes: CompletionNode[]): string {
  const cases = nodes
    .map((n) => {
      const words = [...n.subcommands, ...n.options.map((o) => o.flag)].join(' ');
      return `    ${shellQuote(n.path.join(' '))}) echo ${shellQuote(words)} ;;`;
    })
    .join('\n');
  return `# liftctl completion for bash: eval "$(liftctl completion bash)" in ~/.bashrc
_liftctl_words() {
  case "$1" in
${cases}
  esac
}
_liftctl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" next w i
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    next="\${path:+$path }$w"
    [[ -n "$(_liftctl_words "$next")" ]] && path="$next"
  done
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

/** fish: one complete line per subcommand and option, conditioned on the command path typed. */
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
    for (const o of n.options)
      lines.push(
        `complete -c liftctl -f -n ${shellQuote(condition)} -l ${o.flag.slice(2)} -d ${shellQuote(o.description)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}
