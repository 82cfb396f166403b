/**
 * `loadsmith run <plan>`: load, override, run with a live progress line, always print the summary (also after
 * Ctrl-C: the first stops gracefully, the second at once), write --summary-json, and exit with the verdict.
 */
import { writeFile } from 'node:fs/promises';
import type { Summary } from '../../metrics/summary.ts';
import { loadPlanFile } from '../../plan/file.ts';
import { Progress } from '../../report/progress.ts';
import { textSummary } from '../../report/text-summary.ts';
import { useColor } from '../../report/format.ts';
import type { RunInfo } from '../../runtime/run-handle.ts';
import { runPlan } from '../../runtime/run-plan.ts';
import { parseRunArgs, type RunArgs } from '../args.ts';
import { applyOverrides, describeOverrides } from '../overrides.ts';
import { EXIT } from '../usage.ts';

export async function runCommand(argv: string[]): Promise<number> {
  const args = parseRunArgs(argv, true);
  return runPlanFile(args.plan as string, args, {});
}

/** Shared by `run` and `demo` (which adds BASE_URL). */
export async function runPlanFile(file: string, args: RunArgs, extraEnv: Record<string, string>): Promise<number> {
  const loaded = await loadPlanFile(file);
  const plan = applyOverrides(loaded.plan, args);
  const env = { ...process.env, ...extraEnv, ...args.env };
  const summaryToStdout = args.summaryJson === '-';
  const textOut = summaryToStdout ? process.stderr : process.stdout;
  const color = args.color ?? useColor(textOut);
  const progress = new Progress(process.stderr, args.color ?? useColor(process.stderr));
  const overridden = describeOverrides(args);

  const run = runPlan(plan, { baseDir: loaded.baseDir, file, source: overridden ? undefined : loaded.source, env, ...(args.workers ? { workers: args.workers } : {}) });
  let info: RunInfo | undefined;
  run.on('start', (i) => { info = i; if (!args.quiet) progress.header(i, file, overridden); });
  if (!args.quiet) run.on('tick', (t) => { if (info) progress.tick(t, info); });

  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts === 1) {
      progress.note('stopping gracefully: running iterations get their gracefulStop (Ctrl-C again to stop at once)');
      run.stop();
    } else {
      progress.note('stopping at once');
      run.abort();
    }
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  let summary: Summary;
  try {
    summary = await run.done;
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
    progress.clear();
  }

  textOut.write(`${textSummary(summary, { color })}\n`);
  if (args.summaryJson !== undefined) {
    const json = `${JSON.stringify(summary, null, 2)}\n`;
    if (summaryToStdout) process.stdout.write(json);
    else await writeFile(args.summaryJson, json);
  }
  return exitCode(summary);
}

export function exitCode(s: Summary): number {
  if (s.status === 'failed') return EXIT.thresholdsFailed;
  if (s.stoppedBy === 'error') return EXIT.engineError;
  if (s.stoppedBy === 'stopped' || s.stoppedBy === 'aborted') return EXIT.interrupted;
  return EXIT.passed;
}
