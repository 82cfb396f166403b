/** The key numbers of every compared run side by side, each against the baseline run. */
import { useMemo } from 'react';
import { Section } from '../../ui/Section.tsx';
import { MetricCells, RunColumnHeads } from './CompareCells.tsx';
import type { ComparedRun } from './comparable.ts';
import { compareRows } from './compare-rows.ts';

/**
 * Section "Key numbers", table "Changes from the baseline": a row per key metric, a column per run (baseline
 * first). Each value cell carries data-run, data-metric and data-value (the raw number) for tests and tools.
 */
export function DeltaTable({ baseline, others }: { baseline: ComparedRun; others: readonly ComparedRun[] }) {
  const rows = useMemo(
    () =>
      compareRows(
        baseline.summary,
        others.map((o) => o.summary),
      ),
    [baseline, others],
  );
  return (
    <Section title="Key numbers">
      <p className="hint">
        Each run against the baseline: the change and the change in percent; ✓ improvement, ✗ regression, by which way
        is better for the metric (↑ higher, ↓ lower).
      </p>
      <div className="table-wrap">
        <table className="table compare-table" aria-label="Changes from the baseline">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <RunColumnHeads baseline={baseline} others={others} />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.metric.key}>
                <MetricCells row={r} metric={r.metric.key} baseline={baseline} others={others} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
