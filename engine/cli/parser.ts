/**
 * The bridge from a CommandSpec to commander: a configured Command (options, operands, help, examples), the
 * values of a parsed command line keyed as in the spec, and commander's errors turned into UsageErrors that name
 * the option, suggest the closest one and point to the command's help (exit code 1, no stack trace).
 *
 * Commander tokenises (`--vus=10`, `-qe K=V`, `--`), knows every command's options, suggests, and writes help; the
 * operands are counted and the values checked by each command, in its own words.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { CommandSpec, OptionSpec, OptionTable, Parsed, Values } from './spec.ts';
import { UsageError } from './usage.ts';

/** `<plan> [options]`: operands first, as people type them. */
export function usageLine(spec: CommandSpec): string {
  const operands = spec.operands.map((o) =>
    o.required ? `<${o.name}${o.variadic ? '...' : ''}>` : `[${o.name}${o.variadic ? '...' : ''}]`,
  );
  return [...operands, ...(Object.keys(spec.options).length > 0 ? ['[options]'] : [])].join(' ');
}

/** The commander options of one spec entry: `--color` with `--no-color` for a negatable flag. */
function commanderOptions(key: string, o: OptionSpec): Option[] {
  const short = o.short ? `-${o.short}, ` : '';
  const value = o.type === 'string' ? ` <${o.value ?? 'VALUE'}>` : '';
  const help = o.choices ? `${o.help} (${o.choices.join(', ')})` : o.help;
  const option = new Option(`${short}--${key}${value}`, help);
  // Commander takes the next word as the value whatever it is: `--vus --duration 1m` would set --vus to
  // '--duration'. A value that is an option is a forgotten value (a value of `-` or `-1` is still a value).
  if (o.type === 'string') {
    option.argParser((v: string, previous: string[] | string | undefined) => {
      if (v.startsWith('--') && v.length > 2) throw new InvalidArgumentError(v);
      return o.multiple ? [...(Array.isArray(previous) ? previous : []), v] : v;
    });
  }
  if (o.hidden) option.hideHelp();
  if (!o.negatable) return [option];
  return [option, new Option(`--no-${key}`, o.negatable)];
}

/**
 * A Command configured from the spec: a mistake is thrown as a UsageError (never printed, never exit); a help
 * request prints the help to stdout and throws a CommanderError with exit code 0.
 */
export function configureCommand(cmd: Command, spec: CommandSpec): Command {
  cmd
    .description(spec.description ?? spec.summary)
    .summary(spec.summary)
    .usage(usageLine(spec))
    // The command counts its operands and says what is missing in its own words.
    .allowExcessArguments(true)
    .helpOption('-h, --help', 'show this help')
    .exitOverride((e) => {
      throw toUsageError(e, `loadsmith ${spec.name}`);
    })
    .configureOutput({ outputError: () => undefined })
    .showSuggestionAfterError(true);
  for (const o of spec.operands) cmd.argument(`[${o.name}${o.variadic ? '...' : ''}]`, o.help);
  for (const [key, o] of Object.entries(spec.options))
    for (const option of commanderOptions(key, o)) cmd.addOption(option);
  const after = [examplesText(spec), spec.notes ?? ''].filter(Boolean).join('\n\n');
  if (after) cmd.addHelpText('after', `\n${after}`);
  return cmd;
}

function examplesText(spec: CommandSpec): string {
  if (spec.examples.length === 0) return '';
  return `Examples:\n${spec.examples.map(([line, what]) => `  # ${what}\n  ${line}`).join('\n\n')}`;
}

/** The options given on a parsed command, keyed as in the spec. */
export function valuesOf<T extends OptionTable>(cmd: Command, options: T): Values<T> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(options)) {
    // A lone `--no-open` is commander's negation of `open` (default true): given when it is false.
    const value: unknown = key.startsWith('no-')
      ? cmd.getOptionValue(camel(key.slice(3))) === false
        ? true
        : undefined
      : cmd.getOptionValue(camel(key));
    if (value !== undefined) values[key] = value;
  }
  // Each value has the type its spec entry declares: commander parsed it from that very declaration.
  return values as Values<T>;
}

function camel(key: string): string {
  return key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Parses one command line against a spec, outside the program (`run` options re-checked by `k8s`, tests). */
export function parse<T extends OptionTable>(argv: readonly string[], spec: CommandSpec<T>): Parsed<T> {
  const cmd = configureCommand(new Command(spec.name), spec);
  cmd.parse([...argv], { from: 'user' });
  return { values: valuesOf(cmd, spec.options), positionals: cmd.args };
}

/**
 * Commander's error as the user should read it: `unknown option '--vu'; did you mean --vus? (see loadsmith run
 * --help)`. Help and version requests are CommanderErrors too, with exit code 0: they are returned unchanged.
 */
export function toUsageError(e: unknown, command: string): unknown {
  if (!(e instanceof CommanderError) || e.exitCode === 0) return e;
  const see = `(see ${command} --help)`;
  const text = e.message.replace(/^error: /, '');
  const suggestion = /\(Did you mean (.+)\?\)/.exec(text)?.[1];
  const first = text.split('\n')[0] as string;
  switch (e.code) {
    case 'commander.unknownOption':
      return new UsageError(`${first}${suggestion ? `; did you mean ${suggestion}?` : ''} ${see}`);
    case 'commander.optionMissingArgument': {
      const flags = /option '(.+)' argument missing/.exec(first)?.[1] ?? first;
      return new UsageError(`${flags.replace(/^-\w, /, '')} needs a value ${see}`);
    }
    case 'commander.invalidArgument': {
      const m = /option '(.+)' argument '(.*)' is invalid/.exec(first);
      return new UsageError(
        m
          ? `${(m[1] as string).replace(/^-\w, /, '')} needs a value: '${m[2]}' is an option ${see}`
          : `${first} ${see}`,
      );
    }
    default:
      return new UsageError(`${first} ${see}`);
  }
}
