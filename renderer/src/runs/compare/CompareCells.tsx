/** The cells the compare tables share: a column head per run (baseline first), and a metric's row of values. */
import { BetterHint, ChangeText } from './ChangeText.tsx';
import type { ComparedRun } from './comparable.ts';
import type { CompareRow } from './compare-rows.ts';
import { fmtValue } from './format.ts';

interface Runs {
  baseline: ComparedRun;
  others: readonly ComparedRun[];
}

/** The runs' column heads, the baseline's marked. */
export function RunColumnHeads({ baseline, others }: Runs) {
  return (
    <>
      <th scope="col" className="num">
        {baseline.name} <span className="baseline-tag">baseline</span>
      </th>
      {others.map((o) => (
        <th key={o.id} scope="col" className="num">
          {o.name}
        </th>
      ))}
    </>
  );
}

/**
 * A metric's head cell and its value in each run, with the change from the baseline. Value cells carry data-run,
 * data-metric (`metric`), data-value (the raw number) and, in a scenario's rows, data-scenario.
 */
export function MetricCells({
  row,
  metric,
  scenario,
  baseline,
  others,
}: Runs & { row: CompareRow; metric: string; scenario?: string }) {
  return (
    <>
      <th scope="row">
        {row.metric.label}
        <BetterHint better={row.metric.better} />
      </th>
      <td
        className="num"
        data-run={baseline.id}
        data-scenario={scenario}
        data-metric={metric}
        data-value={row.baseline ?? ''}
      >
        {fmtValue(row.metric.unit, row.baseline)}
      </td>
      {row.changes.map((c, i) => {
        const run = others[i] as ComparedRun;
        return (
          <td
            key={run.id}
            className="num"
            data-run={run.id}
            data-scenario={scenario}
            data-metric={metric}
            data-value={c.value ?? ''}
          >
            <span className="cmp-value">{fmtValue(row.metric.unit, c.value)}</span>
            <ChangeText unit={row.metric.unit} change={c} />
          </td>
        );
      })}
    </>
  );
}
