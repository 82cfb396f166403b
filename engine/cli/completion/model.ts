/**
 * What a shell needs to complete `loadsmith`, from the command specs: each command's option words, which of them
 * take a value and how that value completes (fixed words, a file, or nothing), and how its operands complete.
 */
import type { CommandSpec, OperandSpec, OptionSpec } from '../spec.ts';

export type Completion =
  { kind: 'none' } | { kind: 'file' } | { kind: 'plan' } | { kind: 'words'; words: readonly string[] };

export interface CompletedOption {
  /** `-e`, `--env`: the words that name it. */
  words: string[];
  help: string;
  /** undefined: a flag. */
  value: Completion | undefined;
  /** Its value's placeholder (`N`, `FILE`). */
  placeholder: string | undefined;
  multiple: boolean;
}

export interface CompletedCommand {
  name: string;
  summary: string;
  options: CompletedOption[];
  operand: Completion;
}

const HELP: CompletedOption = {
  words: ['-h', '--help'],
  help: 'show this help',
  value: undefined,
  placeholder: undefined,
  multiple: false,
};

function valueCompletion(o: OptionSpec): Completion {
  if (o.choices) return { kind: 'words', words: o.choices };
  return o.file ? { kind: 'file' } : { kind: 'none' };
}

function operandCompletion(o: OperandSpec | undefined): Completion {
  if (o?.choices) return { kind: 'words', words: o.choices };
  if (o?.file) return { kind: o.file === 'plan' ? 'plan' : 'file' };
  return { kind: 'none' };
}

/** The help up to its first aside (`; `, ` (`), at most a line of a completion menu. */
export function shortHelp(help: string): string {
  const cut = help.search(/; | \(/);
  const clause = (cut > 0 ? help.slice(0, cut) : help).trim();
  return clause.length <= 72 ? clause : `${clause.slice(0, clause.lastIndexOf(' ', 71))}…`;
}

export function completionModel(specs: readonly CommandSpec[]): CompletedCommand[] {
  const visible = specs.filter((s) => !s.hidden);
  const commands = visible.map((spec): CompletedCommand => {
    const options: CompletedOption[] = [];
    for (const [key, o] of Object.entries(spec.options)) {
      if (o.hidden) continue;
      const value = o.type === 'string' ? valueCompletion(o) : undefined;
      options.push({
        words: [...(o.short ? [`-${o.short}`] : []), `--${key}`],
        help: shortHelp(o.help),
        value,
        placeholder: o.value,
        multiple: o.multiple === true,
      });
      if (o.negatable)
        options.push({
          words: [`--no-${key}`],
          help: shortHelp(o.negatable),
          value: undefined,
          placeholder: undefined,
          multiple: false,
        });
    }
    return {
      name: spec.name,
      summary: shortHelp(spec.summary),
      options: [...options, HELP],
      operand: operandCompletion(spec.operands[0]),
    };
  });
  const help: CompletedCommand = {
    name: 'help',
    summary: 'show the help of a command',
    options: [],
    operand: { kind: 'words', words: visible.map((s) => s.name) },
  };
  return [...commands, help];
}
