/**
 * The compare view's per-scenario rows (requests, req/s, p(95), failed, checks passed of each scenario), for plans
 * with two scenarios or more — a protocol per scenario, as in plans/examples/protocols.yaml.
 */
import { scenarioKeyMetrics, scenarioNames } from 'loadsmith/report';
import type { Summary } from 'loadsmith/metrics';
import { compareRows, type CompareRow } from './compare-rows.ts';
import { seriesRows, type RunSeries, type SeriesRow } from './series.ts';

export interface ScenarioRows<Row> {
  scenario: string;
  rows: Row[];
}

/** The scenarios of these runs, or none when they have fewer than two (the key numbers say it all). */
function scenariosOf(summaries: readonly Summary[]): string[] {
  const names = scenarioNames(summaries);
  return names.length > 1 ? names : [];
}

/** Each scenario's numbers in the baseline run and every other run against it. */
export function scenarioCompareRows(baseline: Summary, others: readonly Summary[]): ScenarioRows<CompareRow>[] {
  return scenariosOf([baseline, ...others]).map((scenario) => ({
    scenario,
    rows: compareRows(baseline, others, scenarioKeyMetrics(scenario)),
  }));
}

/** Each scenario's mean ± sd in every series, and the change of the means from the first series. */
export function scenarioSeriesRows(series: readonly RunSeries[]): ScenarioRows<SeriesRow>[] {
  return scenariosOf(series.flatMap((s) => s.summaries)).map((scenario) => ({
    scenario,
    rows: seriesRows(series, scenarioKeyMetrics(scenario)),
  }));
}
