/**
 * The bash completion script: static (no Node start on each Tab), made from the command specs. After the command
 * name it completes the command's options; after an option that takes a value, that value (fixed words or file
 * names; nothing for a number); otherwise the operand (plan files: .yaml, .yml, .json and folders).
 */
import { completionModel, type Completion, type CompletedCommand } from './model.ts';
import type { CommandSpec } from '../spec.ts';

const q = (words: readonly string[]): string => `'${words.join(' ').replaceAll("'", "'\\''")}'`;

function complete(c: Completion): string {
  switch (c.kind) {
    case 'none':
      return 'return';
    case 'file':
      return '_loadsmith_files any; return';
    case 'plan':
      return '_loadsmith_files plan; return';
    case 'words':
      return `COMPREPLY=($(compgen -W ${q(c.words)} -- "$cur")); return`;
  }
}

function commandCase(c: CompletedCommand): string {
  const byValue = new Map<string, string[]>();
  for (const o of c.options) {
    if (!o.value) continue;
    const action = complete(o.value);
    byValue.set(action, [...(byValue.get(action) ?? []), ...o.words]);
  }
  const values = [...byValue].map(([action, words]) => `        ${words.join('|')}) ${action} ;;`);
  return [
    `    ${c.name})`,
    ...(values.length ? ['      case $prev in', ...values, '      esac'] : []),
    `      opts=${q(c.options.flatMap((o) => o.words))}`,
    `      _loadsmith_operand() { ${complete(c.operand)}; } ;;`,
  ].join('\n');
}

export function bashCompletion(specs: readonly CommandSpec[]): string {
  const commands = completionModel(specs);
  return `# bash completion for loadsmith. Load it with: source <(loadsmith completion bash)
# (add that line to ~/.bashrc to keep it). Made from this version's commands: generate it again after an upgrade.
_loadsmith_files() {
  local IFS=$'\\n' f
  compopt -o filenames 2>/dev/null
  for f in $(compgen -f -- "$cur"); do
    if [[ $1 == any || -d $f || $f == *.yaml || $f == *.yml || $f == *.json ]]; then COMPREPLY+=("$f"); fi
  done
}

_loadsmith() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} cmd='' opts='' i
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ \${COMP_WORDS[i]} != -* ]]; then cmd=\${COMP_WORDS[i]}; break; fi
  done
  if [[ -z $cmd ]]; then
    COMPREPLY=($(compgen -W ${q([...commands.map((c) => c.name), '--help', '--version'])} -- "$cur"))
    return
  fi
  case $cmd in
${commands.map(commandCase).join('\n')}
    *) return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    _loadsmith_operand
  fi
}

complete -F _loadsmith loadsmith
`;
}
