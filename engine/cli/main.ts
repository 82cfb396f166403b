/**
 * The `loadsmith` command. User mistakes (bad plan, bad option) print a clear message and exit 1 without a
 * stack trace; anything else is a bug: "internal error ... please report", its stack, exit 103 (failure.ts).
 */
import { CommanderError } from 'commander';
import { PlanError } from '../plan/errors.ts';
import { ResultOutputError } from '../runtime/results/files.ts';
import { OutputConfigError } from '../outputs/config.ts';
import { commands, type UiLauncher } from './commands.ts';
import { reportFailure } from './failure.ts';
import { buildProgram } from './program.ts';
import { EXIT, UsageError } from './usage.ts';

export type { UiLauncher } from './commands.ts';

/** Runs one command line; resolves with the process exit code. `ui` loads the app (undefined: not installed). */
export async function main(argv: string[], ui?: () => Promise<UiLauncher>): Promise<number> {
  let code: number = EXIT.passed;
  const program = buildProgram(commands(ui), argv, (c) => {
    code = c;
  });
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    // Help and --version: printed, exit 0.
    if (e instanceof CommanderError) return e.exitCode;
    if (e instanceof PlanError) {
      process.stderr.write(`error: the plan is not valid:\n${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`error: ${e.message}\n`);
      return EXIT.usage;
    }
    // A raw-results file (--out) that cannot be created: the engine refuses it before the run starts.
    if (e instanceof ResultOutputError) {
      process.stderr.write(`error: ${e.message}\n`);
      return EXIT.usage;
    }
    // A streaming output whose settings (environment variables) cannot be used: refused before the run starts.
    if (e instanceof OutputConfigError) {
      process.stderr.write(`error: ${e.message}\n`);
      return EXIT.usage;
    }
    return reportFailure(e);
  }
}
