/**
 * The zsh completion script, with each command's and option's description: `_arguments` specs made from the
 * command specs. Works from fpath (as `_loadsmith`, #compdef) and when sourced after compinit.
 */
import { completionModel, type Completion, type CompletedCommand, type CompletedOption } from './model.ts';
import type { CommandSpec } from '../spec.ts';

/** Inside single quotes, and inside an `_arguments` description (brackets and colons are its syntax). */
const text = (s: string): string => s.replace(/[[\]:\\]/g, (c) => `\\${c}`).replaceAll("'", "'\\''");

function action(c: Completion): string {
  switch (c.kind) {
    case 'none':
      return ' ';
    case 'file':
      return '_files';
    case 'plan':
      return '_files -g "*.(yaml|yml|json)"';
    case 'words':
      return `(${c.words.join(' ')})`;
  }
}

function optionSpec(o: CompletedOption): string {
  const value = o.value ? `:${text(o.placeholder ?? 'value')}:${action(o.value)}` : '';
  const repeat = o.multiple ? '*' : '';
  const names = o.words.map((w) => (o.value && w.startsWith('--') ? `${w}=` : w));
  const exclusive = o.words.length > 1 && !o.multiple ? `(${o.words.join(' ')})` : '';
  const body = `[${text(o.help)}]${value}`;
  if (names.length === 1) return `'${repeat}${names[0]}${body}'`;
  return `'${exclusive}${repeat}'{${names.join(',')}}'${body}'`;
}

function commandCase(c: CompletedCommand): string {
  const operand =
    c.operand.kind === 'none' ? [] : [`'*:${c.name === 'help' ? 'command' : 'operand'}:${action(c.operand)}'`];
  const specs = [...c.options.map(optionSpec), ...operand];
  return `    (${c.name})\n      _arguments -s -S \\\n        ${specs.join(' \\\n        ')} ;;`;
}

export function zshCompletion(specs: readonly CommandSpec[]): string {
  const commands = completionModel(specs);
  return `#compdef loadsmith
# zsh completion for loadsmith. Install it with: loadsmith completion zsh > "\${fpath[1]}/_loadsmith" (then open a
# new shell), or load it after compinit with: source <(loadsmith completion zsh). Made from this version's commands.
_loadsmith() {
  local -a commands
  commands=(
${commands.map((c) => `    '${c.name}:${text(c.summary)}'`).join('\n')}
  )
  if (( CURRENT == 2 )); then
    if [[ $PREFIX == -* ]]; then compadd -- -h --help -V --version; else _describe -t commands 'loadsmith command' commands; fi
    return
  fi
  local cmd=\${words[2]}
  shift words
  (( CURRENT-- ))
  case $cmd in
${commands.map(commandCase).join('\n')}
  esac
}

if [[ \${funcstack[1]} == _loadsmith ]]; then
  _loadsmith "$@"
else
  compdef _loadsmith loadsmith
fi
`;
}
