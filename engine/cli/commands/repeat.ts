/**
 * `loadsmith run <plan> --repeat N [--pause 10s]`: the plan N times in a row with a pause between, a line per repeat
 * (with its failed thresholds), then the key metrics across repeats as mean ± standard deviation, min and max.
 * Reports are per repeat (`--html report.html` writes report-1.html, report-2.html, ...; likewise --junit and
 * --out); `--summary-json FILE` writes one document with every repeat's summary and the statistics.
 * Ctrl-C stops the current repeat and skips the rest; what was measured is still printed.
 */
import type { Summary } from '../../metrics/summary.ts';
import { repeatResult } from '../../report/compare/repeat.ts';
import { repeatLine, repeatTable, scenarioTable } from '../../report/compare/repeat-text.ts';
import { fmtMs, paint, type Paint } from '../../report/format.ts';
import { observedText } from '../../report/threshold-value.ts';
import type { RunArgs } from '../args.ts';
import type { Interrupts } from '../interrupts.ts';
import { repeatExitCode } from '../exit-code.ts';
import { executeRun, type RunSetup } from './execute.ts';
import { jsonJob, numbered, reportJobs, writeAll } from './write-reports.ts';

export async function repeatRuns(
  setup: RunSetup,
  args: RunArgs,
  text: { out: NodeJS.WriteStream; color: boolean },
  interrupts: Interrupts,
): Promise<number> {
  const total = args.repeat ?? 1;
  const p = paint(text.color);
  if (total > 1) interrupts.afterFirst = 'the remaining repeats are skipped';
  const summaries: Summary[] = [];
  const written: string[] = [];
  for (let i = 1; i <= total && !interrupts.stopped; i++) {
    if (i > 1 && args.pauseMs > 0) {
      if (!setup.quiet)
        process.stderr.write(
          `  pausing ${fmtMs(args.pauseMs)} before repeat ${i}/${total} (Ctrl-C skips the remaining repeats)\n`,
        );
      await interrupts.pause(args.pauseMs);
      if (interrupts.stopped) break;
    } else if (!setup.quiet && i > 1) {
      process.stderr.write(`  repeat ${i}/${total}\n`);
    }
    const summary = await executeRun(
      setup,
      args.outputs.map((o) => ({ ...o, path: numbered(o.path, i) })),
      interrupts,
      i === 1,
    );
    summaries.push(summary);
    text.out.write(`${[repeatLine(i, total, summary, p), ...failedThresholds(summary, p)].join('\n')}\n`);
    written.push(
      ...(await writeAll(
        reportJobs(summary, {
          html: args.html && numbered(args.html, i),
          junit: args.junit && numbered(args.junit, i),
        }),
      )),
    );
  }
  const result = repeatResult(summaries);
  const skipped = total - summaries.length;
  text.out.write(`${repeatTable(result, p)}${scenarioTable(result, p)}\n`);
  if (skipped > 0) text.out.write(`  ${p.yellow('!')} stopped by the user: ${skipped} of ${total} repeats skipped\n\n`);
  if (args.summaryJson !== undefined)
    written.unshift(...(await writeAll([jsonJob('summary JSON', args.summaryJson, result)])));
  if (written.length > 0) text.out.write(`${written.map((l) => `  ${l}`).join('\n')}\n\n`);
  return repeatExitCode(summaries, skipped > 0);
}

function failedThresholds(s: Summary, p: Paint): string[] {
  return s.thresholds
    .filter((t) => !t.ok)
    .map((t) => `      ${p.red('✗')} ${t.metric} '${t.expression}' ${observedText(t)}`);
}
