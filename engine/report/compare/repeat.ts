/**
 * `run --repeat N`: the key metrics across repeats of one plan — mean ± sample standard deviation, min, max and the
 * coefficient of variation — and the JSON document `--summary-json` writes for a repeated run. Pure.
 */
import type { Summary } from '../../metrics/summary.ts';
import { keyMetricsFor, type KeyMetric, type KeyUnit } from './key-metrics.ts';
import { scenarioKeyMetrics, scenarioNames } from './scenario-metrics.ts';
import { spread, type Spread } from './stats.ts';

export interface RepeatStat {
  key: string;
  label: string;
  unit: KeyUnit;
  better: KeyMetric['better'];
  /** null when no repeat had this number (e.g. no checks). */
  spread: Spread | null;
}

/** What `run --repeat N --summary-json FILE` writes. */
export interface RepeatResult {
  kind: 'loadsmith-repeat';
  version: 1;
  plan: Summary['plan'];
  /** Every repeat's full summary, in order (also those stopped early). */
  repeats: Summary[];
  /** 1-based numbers of the repeats the statistics are over: those that ran to completion. */
  measured: number[];
  stats: RepeatStat[];
  /**
   * The same statistics per scenario (SCENARIO_COLUMNS: requests, req/s, p(95), failed, checks passed), for the
   * scenarios that have per-scenario numbers. Absent in documents written before it existed.
   */
  scenarios?: ScenarioStats[];
}

/** One scenario's statistics across repeats. */
export interface ScenarioStats {
  scenario: string;
  stats: RepeatStat[];
}

/** Statistics of the key metrics over `summaries`. */
export function repeatStats(
  summaries: readonly Summary[],
  metrics: readonly KeyMetric[] = keyMetricsFor(summaries),
): RepeatStat[] {
  return metrics.map((m) => ({
    key: m.key,
    label: m.label,
    unit: m.unit,
    better: m.better,
    spread: spread(summaries.map(m.read)),
  }));
}

/** Repeats that ran to completion: a stopped or aborted repeat measured a shorter test and would skew the mean. */
export function completedRepeats(summaries: readonly Summary[]): number[] {
  return summaries.flatMap((s, i) => (s.stoppedBy === 'completed' ? [i + 1] : []));
}

/** Statistics of each scenario's numbers over `summaries`. */
export function scenarioStats(summaries: readonly Summary[]): ScenarioStats[] {
  return scenarioNames(summaries).map((scenario) => ({
    scenario,
    stats: repeatStats(summaries, scenarioKeyMetrics(scenario)),
  }));
}

export function repeatResult(summaries: readonly Summary[]): RepeatResult {
  const measured = completedRepeats(summaries);
  const used = measured.map((i) => summaries[i - 1] as Summary);
  return {
    kind: 'loadsmith-repeat',
    version: 1,
    plan: summaries[0]?.plan ?? { name: '' },
    repeats: [...summaries],
    measured,
    stats: repeatStats(used),
    scenarios: scenarioStats(used),
  };
}

/** Coefficient of variation (sd / mean), null when the mean is 0 or there is no spread to speak of. */
export function variation(s: Spread): number | null {
  return s.n > 1 && s.mean !== 0 ? s.sd / Math.abs(s.mean) : null;
}
