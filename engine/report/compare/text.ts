/**
 * `loadsmith compare` for people: a legend naming each run, then one row per key metric with every run's value and,
 * for each run after the baseline, its change (Δ) and relative change (Δ%). ✓ marks an improvement and ✗ a
 * regression (green and red on a colour terminal); `—` means the run has no such number. Pure.
 */
import { fmtMs, type Paint } from '../format.ts';
import { fmtChange, fmtKey, fmtRel } from './format.ts';
import { fmtStart } from './run-name.ts';
import { UNCHANGED_WITHIN, type CompareCell, type CompareRow, type Comparison } from './table.ts';
import { alignColumns } from './text-table.ts';

export function compareText(c: Comparison, p: Paint): string {
  const legend = alignColumns(
    c.runs.map((r, i) => [
      i === 0 ? `${r.name} (baseline)` : r.name,
      `${r.plan} · ${fmtStart(r.startedAt)} · ${fmtMs(r.durationMs)}${r.repeats > 1 ? ` · mean of ${r.repeats} repeats` : ''}`,
    ]),
    '  ',
    2,
  ).map((l) => p.dim(l));
  const runs = c.runs.flatMap((r, i) => (i === 0 ? [r.name] : [r.name, 'Δ', 'Δ%']));
  const [header, ...body] = alignColumns([['metric', ...runs], ...c.rows.map((row) => cells(row, p))]);
  const missing = [...c.rows, ...(c.scenarios ?? []).flatMap((sc) => sc.rows)].some((r) =>
    r.cells.some((cell) => cell.value === null),
  );
  const foot =
    c.runs.length > 1
      ? [
          `  ${p.green('✓')} better  ${p.red('✗')} worse than the baseline (changes under ${UNCHANGED_WITHIN * 100}% and changes of volumes unmarked)${missing ? '  — no such number' : ''}`,
        ]
      : ['  only one run: give two or more summaries to see changes'];
  const plans = new Set(c.runs.map((r) => r.plan));
  const warn =
    plans.size > 1
      ? [`  ${p.yellow('!')} the runs are of ${plans.size} different plans: their numbers may not be comparable`]
      : [];
  return [
    '',
    ...legend,
    '',
    p.bold(header ?? ''),
    ...body,
    ...scenarioLines(c, runs, p),
    '',
    ...foot.map((l) => p.dim(l)),
    ...warn,
    '',
  ].join('\n');
}

/** The per-scenario rows (requests, req/s, p(95), failed, checks passed), the scenario named on its first row. */
function scenarioLines(c: Comparison, runs: readonly string[], p: Paint): string[] {
  if (!c.scenarios) return [];
  const rows = c.scenarios.flatMap((sc) => sc.rows.map((row, i) => [i === 0 ? sc.scenario : '', ...cells(row, p)]));
  const [header, ...body] = alignColumns([['scenario', 'metric', ...runs], ...rows], '  ', 2);
  return ['', `  ${p.bold('per scenario')}`, '', p.bold(header ?? ''), ...body];
}

/** A row's label, then each run's value and, after the baseline, its change. */
function cells(row: CompareRow, p: Paint): string[] {
  return [
    row.label,
    ...row.cells.flatMap((cell, i) =>
      i === 0 ? [value(row.unit, cell)] : [value(row.unit, cell), fmtChange(row.unit, cell.delta), mark(cell, p)],
    ),
  ];
}

function value(unit: Parameters<typeof fmtKey>[0], cell: CompareCell): string {
  const v = fmtKey(unit, cell.value);
  return cell.sd !== null ? `${v} ± ${fmtKey(unit, cell.sd)}` : v;
}

function mark(cell: CompareCell, p: Paint): string {
  const rel = fmtRel(cell.delta);
  if (cell.verdict === 'better') return p.green(`${rel} ✓`);
  if (cell.verdict === 'worse') return p.red(`${rel} ✗`);
  return cell.delta ? `${rel}  ` : rel;
}
