/**
 * The numbers scenarios are compared by, per scenario: requests (HTTP requests or gRPC calls), req/s over the
 * scenario's own active time, p(95), failed and checks passed — seed 004's table, one protocol per scenario.
 * Each is a KeyMetric of one scenario, so repeat statistics, compare rows and the app's tables take them as they
 * take the run's key metrics. Pure and browser-safe.
 */
import type { ScenarioSummary, Summary } from '../../metrics/summary.ts';
import type { KeyMetric } from './key-metrics.ts';

/** A per-scenario column: a key metric read from one scenario of a summary. */
export interface ScenarioColumn extends Omit<KeyMetric, 'read'> {
  read: (s: ScenarioSummary) => number | null;
}

export const SCENARIO_COLUMNS: readonly ScenarioColumn[] = [
  { key: 'requests', label: 'requests', unit: 'count', better: 'higher', read: (s) => s.requests?.count ?? null },
  { key: 'rps', label: 'req/s', unit: 'rate', better: 'higher', read: (s) => s.requests?.rate ?? null },
  {
    key: 'p95',
    label: 'p(95)',
    unit: 'ms',
    better: 'lower',
    read: (s) => (s.requests && s.requests.count > 0 ? s.requests.duration.p95 : null),
  },
  { key: 'failed', label: 'failed', unit: 'fraction', better: 'lower', read: (s) => s.requests?.failedRate ?? null },
  { key: 'checks', label: 'checks passed', unit: 'fraction', better: 'higher', read: (s) => s.checks?.rate ?? null },
];

/**
 * The scenarios with per-scenario numbers in any of `summaries`, in the order they first appear (the plan's).
 * Summaries written before per-scenario numbers existed have none.
 */
export function scenarioNames(summaries: readonly Summary[]): string[] {
  const names = new Set<string>();
  for (const s of summaries)
    for (const sc of s.scenarios) if (sc.requests !== undefined || sc.checks !== undefined) names.add(sc.name);
  return [...names];
}

/** Whether a per-scenario table says more than the run's own numbers: there are two scenarios or more. */
export function hasScenarioTable(summaries: readonly Summary[]): boolean {
  return scenarioNames(summaries).length > 1;
}

/** The columns of `scenario` as key metrics (key `scenario:column`): null where a run lacks the scenario. */
export function scenarioKeyMetrics(scenario: string): KeyMetric[] {
  return SCENARIO_COLUMNS.map((c) => ({
    key: `${scenario}:${c.key}`,
    label: c.label,
    unit: c.unit,
    better: c.better,
    read: (s: Summary) => {
      const sc = s.scenarios.find((x) => x.name === scenario);
      return sc ? c.read(sc) : null;
    },
  }));
}
