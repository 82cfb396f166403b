/** The delta table: per key metric, the baseline run's value and every other run's value with its change. */
import { keyMetricsFor, type KeyMetric } from 'loadsmith/report';
import type { Summary } from 'loadsmith/metrics';
import { change, type Change } from './verdict.ts';

export interface CompareRow {
  metric: KeyMetric;
  baseline: number | null;
  /** In the order of `others`. */
  changes: Change[];
}

/**
 * Metrics no run has (e.g. checks in plans without checks) are left out; gRPC and WebSocket rows come in when a run
 * has them, as in `loadsmith compare`.
 */
export function compareRows(
  baseline: Summary,
  others: readonly Summary[],
  metrics: readonly KeyMetric[] = keyMetricsFor([baseline, ...others]),
): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const metric of metrics) {
    const base = metric.read(baseline);
    const values = others.map((s) => metric.read(s));
    if (base === null && values.every((v) => v === null)) continue;
    rows.push({ metric, baseline: base, changes: values.map((v) => change(metric, base, v)) });
  }
  return rows;
}
