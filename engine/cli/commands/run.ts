/**
 * `loadsmith run <plan>`: load, override, run with a live progress line, always print the summary (also after
 * Ctrl-C: the first stops gracefully, the second at once), write --summary-json, --html and --junit, and exit with
 * the verdict. `--repeat N` hands over to repeat.ts. `--segment i/N` runs one execution segment (its summary carries
 * the shard `loadsmith merge` needs); `--start-at` waits for a wall-clock time first; `--shard-log` prints the shard
 * as a log line and leaves the verdict to `merge` (segment.ts).
 */
import type { Summary } from '../../metrics/summary.ts';
import { loadPlanFile } from '../../plan/file.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { Progress } from '../../report/progress.ts';
import { textSummary } from '../../report/text-summary.ts';
import { useColor } from '../../report/format.ts';
import { parseRunArgs, type RunArgs } from '../args.ts';
import { Interrupts } from '../interrupts.ts';
import { stopSignals } from '../stop-signals.ts';
import { applyOverrides, describeOverrides } from '../overrides.ts';
import { openControl } from '../control/open.ts';
import type { ControlServer } from '../control/server.ts';
import { exitCode } from '../exit-code.ts';
import { EXIT } from '../usage.ts';
import { executeRun, type RunSetup } from './execute.ts';
import { repeatRuns } from './repeat.ts';
import { endSegment, segmentWarnings, waitForStart } from './segment.ts';
import { checkWritable, jsonJob, reportJobs, writeAll } from './write-reports.ts';

export async function runCommand(argv: readonly string[]): Promise<number> {
  const args = parseRunArgs(argv, true);
  return runPlanFile(args.plan as string, args, {});
}

/**
 * Shared by `run` and `demo` (which adds BASE_URL). Stop requests are handled from the start: one that comes while
 * the plan loads means the test never starts.
 */
export async function runPlanFile(file: string, args: RunArgs, extraEnv: Record<string, string>): Promise<number> {
  const progress = new Progress(process.stderr, args.color ?? useColor(process.stderr));
  const interrupts = new Interrupts(progress);
  interrupts.install();
  if (args.ignoreHangup) stopSignals.ignoreHangups();
  else stopSignals.watchParent();
  // Mid-run control (loadsmith pause|resume|scale): listening before the test starts, gone once it has ended.
  const control = args.control
    ? await openControl(args.control, file, args.controlGiven, (w) => progress.note(`warning: ${w}`))
    : undefined;
  try {
    return await loadAndRun(file, args, extraEnv, progress, interrupts, control?.server);
  } finally {
    interrupts.uninstall();
    await control?.close();
  }
}

async function loadAndRun(
  file: string,
  args: RunArgs,
  extraEnv: Record<string, string>,
  progress: Progress,
  interrupts: Interrupts,
  control: ControlServer | undefined,
): Promise<number> {
  const started = await startRun(file, args, extraEnv, progress, interrupts, control);
  if (typeof started === 'number') return started;
  const { running, late, textOut } = started;
  const summary: Summary = await running;
  if (late) summary.notes.push(late);
  textOut.write(`${textSummary(summary, { color: started.color })}\n`);
  const jobs = reportJobs(summary, { html: args.html, junit: args.junit });
  if (args.summaryJson !== undefined) jobs.unshift(jsonJob('summary JSON', args.summaryJson, summary));
  const written = await writeAll(jobs);
  if (written.length > 0) textOut.write(`${written.map((l) => `  ${l}`).join('\n')}\n\n`);
  return args.segment ? endSegment(summary, args.shardLog) : exitCode(summary);
}

/**
 * Loads the plan and starts its run; with --repeat, runs them all and gives their exit code. Returns as soon as the
 * run has started, and its frame with it: V8 keeps an async function's variables while it waits, and the plan loaded
 * here (with its source text) is not needed once the run has its own validated copy (~8 MB for a 10,000-step
 * recording).
 */
async function startRun(
  file: string,
  args: RunArgs,
  extraEnv: Record<string, string>,
  progress: Progress,
  interrupts: Interrupts,
  control: ControlServer | undefined,
): Promise<
  number | { running: Promise<Summary>; late: string | undefined; textOut: NodeJS.WritableStream; color: boolean }
> {
  const loaded = await loadPlanFile(file);
  const plan = withTrendStats(applyOverrides(loaded.plan, args), args.summaryTrendStats);
  await checkWritable({ '--summary-json': args.summaryJson, '--html': args.html, '--junit': args.junit });
  if (interrupts.stopped) return notStarted(progress);
  const overridden = describeOverrides(args);
  const textOut = args.summaryJson === '-' ? process.stderr : process.stdout;
  const setup: RunSetup = {
    plan,
    file,
    overridden,
    quiet: args.quiet,
    progress,
    ...(control ? { control } : {}),
    options: {
      baseDir: loaded.baseDir,
      file,
      source: overridden ? undefined : loaded.source,
      env: { ...process.env, ...extraEnv, ...args.env },
      // The progress line shows no per-request totals: not computed every second for every request name.
      liveRequests: false,
      ...(args.workers ? { workers: args.workers } : {}),
      ...(args.segment ? { segment: args.segment } : {}),
      ...(args.streams.length > 0 ? { streams: args.streams } : {}),
    },
  };
  for (const w of segmentWarnings(args)) process.stderr.write(`warning: ${w}\n`);
  const color = args.color ?? useColor(textOut);
  if (args.repeat !== undefined) return repeatRuns(setup, args, { out: textOut, color }, interrupts);

  let late: string | undefined;
  if (args.startAt !== undefined) {
    late = await waitForStart(args.startAt, interrupts, setup.quiet);
    if (interrupts.stopped) return notStarted(progress);
  }
  return { running: executeRun(setup, args.outputs, interrupts), late, textOut, color };
}

/** --summary-trend-stats replaces the plan's summaryTrendStats (a reporting choice: the load is the same). */
function withTrendStats(plan: Plan, stats: string[] | undefined): Plan {
  return stats ? { ...plan, summaryTrendStats: stats } : plan;
}

/** A stop request came before the test started: say so (there is no summary: nothing was sent). */
function notStarted(progress: Progress): number {
  progress.note('the test did not start: nothing was sent');
  return EXIT.interrupted;
}
