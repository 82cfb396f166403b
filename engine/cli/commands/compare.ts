/**
 * `loadsmith compare <baseline.json> <other.json...> [--json]`: the key metrics of saved runs side by side, each
 * run after the first with its change from the first (Δ and Δ%), marked better or worse. A `run --repeat` document
 * counts as one run: the mean of its completed repeats, ± their standard deviation. Exit code 0 (it reports, it
 * does not judge); 1 when a file cannot be read.
 */
import type { Summary } from '../../metrics/summary.ts';
import { runName, uniqueNames } from '../../report/compare/run-name.ts';
import { compareRuns, type ComparedRun } from '../../report/compare/table.ts';
import { compareText } from '../../report/compare/text.ts';
import { paint, useColor } from '../../report/format.ts';
import { parse } from '../parser.ts';
import { compareSpec } from '../specs/reports.ts';
import { readRunFile } from '../summary-file.ts';
import { EXIT, UsageError } from '../usage.ts';

export async function compareCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, compareSpec);
  if (positionals.length < 2) {
    throw new UsageError(
      `compare needs at least two run summaries, the baseline first: loadsmith compare <baseline.json> <other.json...>${positionals.length === 1 ? ` (got only ${positionals[0]})` : ''}`,
    );
  }
  const runs: ComparedRun[] = [];
  for (const file of positionals) {
    const f = await readRunFile(file);
    const summaries: Summary[] =
      f.kind === 'summary'
        ? [f.summary]
        : f.result.measured.map((i) => f.result.repeats[i - 1]).filter((s): s is Summary => s !== undefined);
    if (summaries.length === 0)
      throw new UsageError(`${file}: no repeat in it ran to completion, so it has nothing to compare`);
    runs.push({ name: runName(summaries[0] as Summary, file), summaries, file });
  }
  const names = uniqueNames(runs.map((r) => r.name));
  const comparison = compareRuns(runs.map((r, i) => ({ ...r, name: names[i] as string })));
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ baseline: comparison.runs[0]?.name, ...comparison }, null, 2)}\n`);
  } else {
    const color = values.color ?? useColor(process.stdout);
    process.stdout.write(`${compareText(comparison, paint(color))}\n`);
  }
  return EXIT.passed;
}
