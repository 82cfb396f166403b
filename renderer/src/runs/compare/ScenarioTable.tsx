/** Each scenario's key numbers in every compared run, against the baseline run's. */
import { Fragment, useMemo } from 'react';
import { Section } from '../../ui/Section.tsx';
import { MetricCells, RunColumnHeads } from './CompareCells.tsx';
import type { ComparedRun } from './comparable.ts';
import { scenarioCompareRows } from './scenario-rows.ts';

/**
 * Section "Per scenario", table "Changes per scenario": for each scenario its requests, req/s, p(95), failed and
 * checks passed, a column per run (baseline first). Nothing for runs of one scenario. Value cells carry data-run,
 * data-scenario, data-metric (the column's key) and data-value.
 */
export function ScenarioTable({ baseline, others }: { baseline: ComparedRun; others: readonly ComparedRun[] }) {
  const groups = useMemo(
    () =>
      scenarioCompareRows(
        baseline.summary,
        others.map((o) => o.summary),
      ),
    [baseline, others],
  );
  if (groups.length === 0) return null;
  return (
    <Section title="Per scenario">
      <p className="hint">
        Each scenario&apos;s own numbers (HTTP requests or gRPC calls; req/s over the scenario&apos;s own time), each
        run against the baseline.
      </p>
      <div className="table-wrap">
        <table className="table compare-table" aria-label="Changes per scenario">
          <thead>
            <tr>
              <th scope="col">Scenario</th>
              <th scope="col">Metric</th>
              <RunColumnHeads baseline={baseline} others={others} />
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <Fragment key={g.scenario}>
                {g.rows.map((r, i) => {
                  const key = r.metric.key.slice(g.scenario.length + 1);
                  return (
                    <tr key={r.metric.key}>
                      {i === 0 && (
                        <th scope="rowgroup" rowSpan={g.rows.length}>
                          {g.scenario}
                        </th>
                      )}
                      <MetricCells row={r} metric={key} scenario={g.scenario} baseline={baseline} others={others} />
                    </tr>
                  );
                })}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
