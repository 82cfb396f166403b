/**
 * One run of a loaded plan as the CLI shows it: the header, the live progress line fed by ticks, and Ctrl-C wired
 * to stop it. Shared by `run`, `run --repeat` and `demo`.
 */
import type { Summary } from '../../metrics/summary.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { plannedEndMs } from '../../report/planned-end.ts';
import type { Progress } from '../../report/progress.ts';
import type { ResultOutput } from '../../runtime/prepare.ts';
import type { RunHandle, RunInfo } from '../../runtime/run-handle.ts';
import { runPlan, type RunOptions } from '../../run/run-plan.ts';
import { runTestId } from '../../outputs/testid.ts';
import { fmtMs } from '../../report/format.ts';
import { describeChange } from '../../report/phase-text.ts';
import type { ControlServer } from '../control/server.ts';
import type { Interrupts } from '../interrupts.ts';

/** Everything a run needs that does not change between repeats. */
export interface RunSetup {
  plan: Plan;
  file: string;
  options: Omit<RunOptions, 'outputs'>;
  /** The overrides given (`--vus 10`), for the header; undefined when none. */
  overridden: string | undefined;
  quiet: boolean;
  progress: Progress;
  /** Mid-run control's API (loadsmith pause|resume|scale): it controls each run while that run goes. */
  control?: ControlServer;
}

/**
 * Runs the plan once; resolves with its summary, also after Ctrl-C. Holds no reference to `setup` while the run goes
 * (not async itself: V8 keeps an async function's parameters while it waits): its plan and the plan's source text are
 * the caller's, the run validates a copy of its own, and a 10,000-step recording's are ~8 MB more on the coordinator.
 */
export function executeRun(
  setup: RunSetup,
  outputs: ResultOutput[],
  interrupts: Interrupts,
  showHeader = true,
): Promise<Summary> {
  const { progress, quiet, file, overridden, control } = setup;
  const streams = setup.options.streams ?? [];
  // Chosen here so that the header can say it: the label to find this run by in Grafana.
  const testid = streams.length > 0 ? runTestId(setup.plan.name, setup.options.env ?? process.env) : undefined;
  const end = plannedEndMs(setup.plan);
  const run = runPlan(setup.plan, {
    ...setup.options,
    ...(outputs.length > 0 ? { outputs } : {}),
    ...(testid ? { testid } : {}),
  });
  let info: RunInfo | undefined;
  run.on('start', (i) => {
    info = i;
    if (quiet) return;
    if (showHeader) progress.header(i, file, overridden);
    if (testid) progress.line(`metrics streamed to ${streams.map((s) => s.kind).join(', ')} with testid=${testid}`);
    if (showHeader && control && !i.controlRefusal)
      progress.line(
        `mid-run control: loadsmith pause | resume | scale --vus N | status  (this run: pid ${process.pid}, ${control.address})`,
      );
  });
  // A change made with loadsmith pause|resume|scale (or the API): said when it is taken, with the second it applies at.
  if (!quiet)
    run.on('control', (events) =>
      progress.note(`at ${fmtMs(events[0]?.atMs ?? 0)}: ${events.map(describeChange).join(', ')}`),
    );
  control?.attach(run);
  if (!quiet)
    run.on('tick', (t) => {
      if (info) progress.tick(t, info, end);
    });
  // Shown even with --quiet: an output that cannot deliver is something to act on (the run goes on regardless).
  run.on('warning', (text) => progress.note(`warning: ${text}`));
  interrupts.attach(run);
  return finished(run, () => {
    interrupts.attach(undefined);
    control?.attach(undefined);
    progress.clear();
  });
}

/** The run's summary, once `after` has run. Not executeRun's own await: V8 keeps an async function's parameters. */
async function finished(run: RunHandle, after: () => void): Promise<Summary> {
  try {
    return await run.done;
  } finally {
    after();
  }
}
