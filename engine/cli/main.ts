/**
 * The `loadsmith` command. User mistakes (bad plan, bad option) print a clear message and exit 1 without a
 * stack trace; anything else is a bug: "internal error ... please report", its stack, exit 103 (failure.ts).
 */
import { PlanError } from '../plan/errors.ts';
import { ResultOutputError } from '../runtime/results/files.ts';
import { OutputConfigError } from '../outputs/config.ts';
import { VERSION } from '../version.ts';
import { breakpointCommand } from './commands/breakpoint.ts';
import { compareCommand } from './commands/compare.ts';
import { demoCommand } from './commands/demo.ts';
import { demoServerCommand } from './commands/demo-server.ts';
import { reportCommand } from './commands/report.ts';
import { runCommand } from './commands/run.ts';
import { schemaCommand } from './commands/schema.ts';
import { exportCommand } from './commands/export.ts';
import { importCommand } from './commands/import.ts';
import { k8sCommand } from './commands/k8s.ts';
import { mergeCommand } from './commands/merge.ts';
import { validateCommand } from './commands/validate.ts';
import { reportFailure } from './failure.ts';
import { EXIT, HELP, UsageError } from './usage.ts';

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  run: runCommand,
  validate: validateCommand,
  demo: demoCommand,
  'demo-server': demoServerCommand,
  schema: schemaCommand,
  import: importCommand,
  export: exportCommand,
  breakpoint: breakpointCommand,
  report: reportCommand,
  compare: compareCommand,
  merge: mergeCommand,
  k8s: k8sCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${HELP}\n`);
    return command === undefined ? EXIT.usage : EXIT.passed;
  }
  if (command === '--version' || command === 'version') { process.stdout.write(`loadsmith ${VERSION}\n`); return EXIT.passed; }
  const run = COMMANDS[command];
  try {
    if (!run) throw new UsageError(`unknown command '${command}'; commands: ${Object.keys(COMMANDS).join(', ')} (see loadsmith help)`);
    return await run(rest);
  } catch (e) {
    if (e instanceof PlanError) { process.stderr.write(`error: the plan is not valid:\n${e.message}\n`); return EXIT.usage; }
    if (e instanceof UsageError) { process.stderr.write(`error: ${e.message}\n`); return EXIT.usage; }
    // A raw-results file (--out) that cannot be created: the engine refuses it before the run starts.
    if (e instanceof ResultOutputError) { process.stderr.write(`error: ${e.message}\n`); return EXIT.usage; }
    // A streaming output whose settings (environment variables) cannot be used: refused before the run starts.
    if (e instanceof OutputConfigError) { process.stderr.write(`error: ${e.message}\n`); return EXIT.usage; }
    return reportFailure(e);
  }
}
