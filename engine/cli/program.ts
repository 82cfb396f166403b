/**
 * The `loadsmith` program: commander's Command with every subcommand of SPECS, each running its handler, which is
 * loaded only when that command runs (`loadsmith --help` and `completion` load no engine). `loadsmith help run`,
 * `loadsmith run --help` and `-h` show a command's help; an unknown command or option exits 1 naming it and
 * suggesting the closest one.
 */
import { Command, type CommanderError } from 'commander';
import { closest } from '../base/suggest.ts';
import { VERSION } from '../version.ts';
import { configureCommand, toUsageError } from './parser.ts';
import type { CommandSpec } from './spec.ts';
import { UsageError } from './usage.ts';

/** A command: its spec and, loaded on use, what it does with the parsed command line (its exit code). */
export interface CliCommand {
  spec: CommandSpec;
  /** `argv`: the words after the command's name (the program has checked them against the spec). */
  run(argv: readonly string[]): Promise<number>;
}

/** What a command does with the words after its name (it parses them with its spec): the exit code. */
export type Handler = (argv: readonly string[]) => Promise<number>;

/** Pairs a spec with the handler `load` imports when the command runs. */
export function command(spec: CommandSpec, load: () => Promise<Handler>): CliCommand {
  return { spec, run: async (argv) => (await load())(argv) };
}

const NOTES = `Run 'loadsmith help <command>' (or 'loadsmith <command> --help') for its options and examples.
Shell completion: 'loadsmith completion bash' (or zsh).

Exit codes: 0 passed · 99 a threshold failed · 1 bad plan or usage · 105 stopped (Ctrl-C, SIGTERM) · 103 a bug.
Docs: README.md, docs/*.md`;

/** The program for the command line `argv`; `onExit` receives the exit code of the command that ran. */
export function buildProgram(
  commands: readonly CliCommand[],
  argv: readonly string[],
  onExit: (code: number) => void,
): Command {
  const terms = new Map(
    commands.map((c) => [
      c.spec.name,
      [
        c.spec.name,
        ...c.spec.operands.filter((o) => o.required).map((o) => `<${o.name}${o.variadic ? '...' : ''}>`),
      ].join(' '),
    ]),
  );
  terms.set('help', 'help [command]');
  const program = new Command('loadsmith')
    .description('loadsmith — design, record and run HTTP load-test plans')
    .usage('<command> [options]')
    .version(`loadsmith ${VERSION}`, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    // Our own `help` command (below): commander's prints the whole help for `help nosuch`.
    .helpCommand(false)
    // Options after the command name are the command's: `loadsmith run plan.yaml -V` is not the version.
    .enablePositionalOptions()
    // The list shows what must be typed; each command's help has the rest.
    .configureHelp({ subcommandTerm: (cmd) => terms.get(cmd.name()) ?? cmd.name() })
    .configureOutput({ outputError: () => undefined })
    .exitOverride((e) => {
      throw programError(e, commands);
    })
    .addHelpText('after', `\n${NOTES}`);
  for (const c of commands) {
    const sub = configureCommand(new Command(c.spec.name), c.spec);
    // Only the program's own options (-h, -V) may come before the command's name.
    sub.action(async () => {
      onExit(await c.run(argv.slice(argv.indexOf(c.spec.name) + 1)));
    });
    program.addCommand(sub, { hidden: c.spec.hidden === true });
  }
  const help = new Command('help')
    .description('show the help of a command')
    .argument('[command]')
    .helpOption(false)
    .allowExcessArguments(true)
    .exitOverride((e) => {
      throw programError(e, commands);
    });
  help.action(() => {
    const name = help.args[0];
    const target = name === undefined ? program : program.commands.find((c) => c.name() === name);
    if (!target) throw unknownCommand(name ?? '', commands);
    target.outputHelp();
    onExit(0);
  });
  program.addCommand(help);
  return program;
}

/** An error of the program itself; an unknown command lists the commands there are. */
function programError(e: CommanderError, commands: readonly CliCommand[]): unknown {
  if (e.code !== 'commander.unknownCommand') return toUsageError(e, 'loadsmith');
  return unknownCommand(/unknown command '([^']*)'/.exec(e.message)?.[1] ?? '', commands);
}

function unknownCommand(name: string, commands: readonly CliCommand[]): UsageError {
  const names = commands.filter((c) => !c.spec.hidden).map((c) => c.spec.name);
  const suggestion = closest(name, names);
  return new UsageError(
    `unknown command '${name}'; ${suggestion ? `did you mean ${suggestion}? ` : ''}commands: ${names.join(', ')} (see loadsmith --help)`,
  );
}
