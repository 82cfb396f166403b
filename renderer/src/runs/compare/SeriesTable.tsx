/**
 * Series (runs of one plan with one label): mean ± sd of each key number and, for a plan of several scenarios, of
 * each scenario's, and the change of the means.
 */
import { useMemo } from 'react';
import { Section } from '../../ui/Section.tsx';
import { BetterHint, ChangeText } from './ChangeText.tsx';
import type { ComparedRun } from './comparable.ts';
import { fmtSpread } from './format.ts';
import { scenarioSeriesRows } from './scenario-rows.ts';
import { baselineFirst, groupSeries, seriesRows, type SeriesRow } from './series.ts';

/**
 * Section "Series" with table "Series" (a column per series); nothing when no series has two runs or more (one run
 * per label would only repeat the key numbers above).
 */
export function SeriesTable({ runs, baselineId }: { runs: readonly ComparedRun[]; baselineId: string }) {
  // The baseline series comes first, as the baseline run does in the delta table.
  const series = useMemo(() => baselineFirst(groupSeries(runs), baselineId), [runs, baselineId]);
  // The run's key numbers, then each scenario's ("http1 · p(95)", data-metric "http1:p95") in a plan of several.
  const rows = useMemo(
    (): { label: string; row: SeriesRow }[] => [
      ...seriesRows(series).map((row) => ({ label: row.metric.label, row })),
      ...scenarioSeriesRows(series).flatMap((g) =>
        g.rows.map((row) => ({ label: `${g.scenario} · ${row.metric.label}`, row })),
      ),
    ],
    [series],
  );
  if (!series.some((s) => s.runIds.length > 1)) return null;
  const unlabelled = runs.filter((r) => r.label === null).length;
  return (
    <Section title="Series">
      <p className="hint">
        Runs of one plan with the same label are repeats of one set-up: mean ± sample standard deviation across them.
        Changes compare the means with the series <strong>{series[0]?.name}</strong>.
        {unlabelled > 0 &&
          ` ${unlabelled === 1 ? 'One run has' : `${unlabelled} runs have`} no label and ${unlabelled === 1 ? 'is' : 'are'} in no series.`}
      </p>
      <div className="table-wrap">
        <table className="table compare-table" aria-label="Series">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              {series.map((s, i) => (
                <th key={s.key} scope="col" className="num">
                  {s.name}
                  {i === 0 && (
                    <>
                      {' '}
                      <span className="baseline-tag">baseline</span>
                    </>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">runs (n)</th>
              {series.map((s) => (
                <td key={s.key} className="num" data-series={s.name} data-metric="n" data-value={s.runIds.length}>
                  {s.runIds.length}
                </td>
              ))}
            </tr>
            {rows.map(({ label, row: r }) => (
              <tr key={r.metric.key}>
                <th scope="row">
                  {label}
                  <BetterHint better={r.metric.better} />
                </th>
                {r.cells.map((c, i) => {
                  const s = series[i];
                  return (
                    <td
                      key={s?.key ?? i}
                      className="num"
                      data-series={s?.name}
                      data-metric={r.metric.key}
                      data-mean={c.spread?.mean ?? ''}
                      data-sd={c.spread?.sd ?? ''}
                    >
                      <span className="cmp-value">{fmtSpread(r.metric.unit, c.spread)}</span>
                      {i !== 0 && <ChangeText unit={r.metric.unit} change={c.change} />}
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
