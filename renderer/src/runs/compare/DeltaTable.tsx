/** The key numbers of every compared run side by side, each against the baseline run. */
import { useMemo } from 'react';
import { Section } from '../../ui/Section.tsx';
import { BetterHint, ChangeText } from './ChangeText.tsx';
import type { ComparedRun } from './comparable.ts';
import { compareRows } from './compare-rows.ts';
import { fmtValue } from './format.ts';

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
              <th scope="col" className="num">
                {baseline.name} <span className="baseline-tag">baseline</span>
              </th>
              {others.map((o) => (
                <th key={o.id} scope="col" className="num">
                  {o.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.metric.key}>
                <th scope="row">
                  {r.metric.label}
                  <BetterHint better={r.metric.better} />
                </th>
                <td className="num" data-run={baseline.id} data-metric={r.metric.key} data-value={r.baseline ?? ''}>
                  {fmtValue(r.metric.unit, r.baseline)}
                </td>
                {r.changes.map((c, i) => {
                  const run = others[i] as ComparedRun;
                  return (
                    <td
                      key={run.id}
                      className="num"
                      data-run={run.id}
                      data-metric={r.metric.key}
                      data-value={c.value ?? ''}
                    >
                      <span className="cmp-value">{fmtValue(r.metric.unit, c.value)}</span>
                      <ChangeText unit={r.metric.unit} change={c} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
