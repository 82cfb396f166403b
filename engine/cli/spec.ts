/**
 * What a command accepts, as data: its operands, its options and their help, and examples. One declaration gives
 * the parser (commander, parser.ts), `loadsmith CMD --help`, the main help and the shell completion scripts, so
 * they cannot drift apart. Checking values (a whole number, a duration) stays with each command, which words its
 * own messages.
 */

/** One option of a command. */
export interface OptionSpec {
  /** A boolean is a flag; a string takes a value (`--vus 10` or `--vus=10`). */
  type: 'string' | 'boolean';
  /** One letter: `-e`. */
  short?: string;
  /** Repeatable; the values in the order given. */
  multiple?: boolean;
  /** Placeholder of the value in help: `--vus <N>`. */
  value?: string;
  /**
   * The help of the flag's `--no-` form, which the flag then also has: the value is true, false (`--no-color`) or
   * undefined (neither given).
   */
  negatable?: string;
  help: string;
  /** The values a shell completes; help lists them. The command checks them with its own message. */
  choices?: readonly string[];
  /** The value names a file: the shell completes file names. */
  file?: boolean;
  /** Left out of help and completion (still accepted). */
  hidden?: boolean;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** The parsed value of one option: a flag's boolean, a value, or every value of a repeatable option. */
export type OptionValue<O extends OptionSpec> = O['type'] extends 'boolean'
  ? boolean
  : O['multiple'] extends true
    ? string[]
    : string;

/** The options given, keyed as in the table (`values['summary-json']`); absent when not given. */
export type Values<T extends OptionTable> = { -readonly [K in keyof T]?: OptionValue<T[K]> };

/** A command line after parsing: options, then the operands in order (everything after `--` included). */
export interface Parsed<T extends OptionTable> {
  values: Values<T>;
  positionals: string[];
}

/** An operand as usage shows it: `<plan>`, `<plan...>`, `[file]`. */
export interface OperandSpec {
  name: string;
  help: string;
  required?: boolean;
  variadic?: boolean;
  /** Completed as a file name (plans: .yaml, .yml, .json). */
  file?: 'plan' | 'any';
  /** The words a shell completes for it. */
  choices?: readonly string[];
}

export interface CommandSpec<T extends OptionTable = OptionTable> {
  name: string;
  /** One line in `loadsmith --help`. */
  summary: string;
  /** The text under the usage line of `loadsmith NAME --help`; the summary when absent. */
  description?: string;
  operands: readonly OperandSpec[];
  options: T;
  /** [command line, what it does]: printed under "Examples:". */
  examples: readonly (readonly [string, string])[];
  /** Text after the examples: exit codes, where the docs are. */
  notes?: string;
  /** Kept working, left out of help and completion (`loadsmith version`). */
  hidden?: boolean;
}

/** Keeps the literal types of a command's table, so that `Parsed<typeof spec.options>` knows each option. */
export function defineCommand<const T extends OptionTable>(spec: CommandSpec<T>): CommandSpec<T> {
  return spec;
}
