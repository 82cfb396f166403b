/**
 * Series: repeats of one configuration, tagged with the same label on runs of the same plan (e.g. "http2"),
 * compared as mean ± sample standard deviation of each key number, and by the change of the means.
 */
import { keyMetricsFor, spread, type KeyMetric, type Spread } from 'loadsmith/report';
import type { Summary } from 'loadsmith/metrics';
import { change, type Change } from './verdict.ts';

export interface SeriesMember {
  id: string;
  planName: string;
  label: string | null;
  summary: Summary;
}

export interface RunSeries {
  key: string;
  /** The label, or "plan · label" when the series come from several plans. */
  name: string;
  planName: string;
  label: string;
  runIds: string[];
  summaries: Summary[];
}

/** Labelled runs grouped by plan and label, in order of first appearance; unlabelled runs are in no series. */
export function groupSeries(runs: readonly SeriesMember[]): RunSeries[] {
  const byKey = new Map<string, RunSeries>();
  for (const r of runs) {
    if (r.label === null) continue;
    const key = `${r.planName}\u0000${r.label}`;
    let s = byKey.get(key);
    if (!s) {
      s = { key, name: r.label, planName: r.planName, label: r.label, runIds: [], summaries: [] };
      byKey.set(key, s);
    }
    s.runIds.push(r.id);
    s.summaries.push(r.summary);
  }
  const series = [...byKey.values()];
  const plans = new Set(series.map((s) => s.planName));
  if (plans.size > 1) for (const s of series) s.name = `${s.planName} · ${s.label}`;
  return series;
}

/** The baseline series (the one holding the baseline run, else the first) moved to the front. */
export function baselineFirst(series: readonly RunSeries[], baselineRunId: string): RunSeries[] {
  const i = series.findIndex((s) => s.runIds.includes(baselineRunId));
  if (i <= 0) return [...series];
  return [series[i] as RunSeries, ...series.slice(0, i), ...series.slice(i + 1)];
}

export interface SeriesCell {
  spread: Spread | null;
  change: Change;
}

export interface SeriesRow {
  metric: KeyMetric;
  cells: SeriesCell[];
}

/** Per key metric, each series' spread and the change of its mean from the first (baseline) series' mean. */
export function seriesRows(
  series: readonly RunSeries[],
  metrics: readonly KeyMetric[] = keyMetricsFor(series.flatMap((s) => s.summaries)),
): SeriesRow[] {
  const rows: SeriesRow[] = [];
  for (const metric of metrics) {
    const spreads = series.map((s) => spread(s.summaries.map((x) => metric.read(x))));
    if (spreads.every((s) => s === null)) continue;
    const base = spreads[0]?.mean ?? null;
    rows.push({ metric, cells: spreads.map((s) => ({ spread: s, change: change(metric, base, s?.mean ?? null) })) });
  }
  return rows;
}
