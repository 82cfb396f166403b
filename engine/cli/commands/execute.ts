/**
 * One run of a loaded plan as the CLI shows it: the header, the live progress line fed by ticks, and Ctrl-C wired
 * to stop it. Shared by `run`, `run --repeat` and `demo`.
 */
import type { Summary } from '../../metrics/summary.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { plannedEndMs } from '../../report/planned-end.ts';
import type { Progress } from '../../report/progress.ts';
import type { ResultOutput } from '../../runtime/prepare.ts';
import type { RunInfo } from '../../runtime/run-handle.ts';
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

/** Runs the plan once; resolves with its summary, also after Ctrl-C. */
export async function executeRun(
  setup: RunSetup,
  outputs: ResultOutput[],
  interrupts: Interrupts,
  showHeader = true,
): Promise<Summary> {
  const { progress } = setup;
  const streams = setup.options.streams ?? [];
  // Chosen here so that the header can say it: the label to find this run by in Grafana.
  const testid = streams.length > 0 ? runTestId(setup.plan.name, setup.options.env ?? process.env) : undefined;
  const run = runPlan(setup.plan, {
    ...setup.options,
    ...(outputs.length > 0 ? { outputs } : {}),
    ...(testid ? { testid } : {}),
  });
  let info: RunInfo | undefined;
  run.on('start', (i) => {
    info = i;
    if (setup.quiet) return;
    if (showHeader) progress.header(i, setup.file, setup.overridden);
    if (testid) progress.line(`metrics streamed to ${streams.map((s) => s.kind).join(', ')} with testid=${testid}`);
    if (showHeader && setup.control && !i.controlRefusal)
      progress.line(
        `mid-run control: loadsmith pause | resume | scale --vus N | status  (this run: pid ${process.pid}, ${setup.control.address})`,
      );
  });
  // A change made with loadsmith pause|resume|scale (or the API): said when it is taken, with the second it applies at.
  if (!setup.quiet)
    run.on('control', (events) =>
      progress.note(`at ${fmtMs(events[0]?.atMs ?? 0)}: ${events.map(describeChange).join(', ')}`),
    );
  setup.control?.attach(run);
  const end = plannedEndMs(setup.plan);
  if (!setup.quiet)
    run.on('tick', (t) => {
      if (info) progress.tick(t, info, end);
    });
  // Shown even with --quiet: an output that cannot deliver is something to act on (the run goes on regardless).
  run.on('warning', (text) => progress.note(`warning: ${text}`));
  interrupts.attach(run);
  try {
    return await run.done;
  } finally {
    interrupts.attach(undefined);
    setup.control?.attach(undefined);
    progress.clear();
  }
}
