/**
 * The comparison of runs by their key metrics: the first run is the baseline; every other run gets its change from
 * it, absolute and relative, judged better or worse by the metric's direction. A "run" may stand for several repeats
 * of one plan (`run --repeat`): its value is then their mean, with the standard deviation beside it. Pure: the CLI's
 * `loadsmith compare` and the app share it.
 */
import type { Summary } from '../../metrics/summary.ts';
import { keyMetricsFor, type KeyMetric, type KeyUnit } from './key-metrics.ts';
import { scenarioKeyMetrics, scenarioNames } from './scenario-metrics.ts';
import { delta, spread, type Delta } from './stats.ts';

/** Changes smaller than this fraction of the baseline are reported as unchanged (run-to-run noise). */
export const UNCHANGED_WITHIN = 0.01;

export interface ComparedRun {
  name: string;
  /** One summary, or every repeat of a `run --repeat`. */
  summaries: readonly Summary[];
  file?: string;
}

export type Verdict = 'better' | 'worse' | 'unchanged';

export interface CompareCell {
  /** The value (the mean over repeats); null when the run has no such number. */
  value: number | null;
  /** Standard deviation over repeats; null for a single run. */
  sd: number | null;
  n: number;
  /** Change from the baseline; null for the baseline itself and when either value is missing. */
  delta: Delta | null;
  verdict: Verdict | null;
}

export interface CompareRow {
  key: string;
  label: string;
  unit: KeyUnit;
  better: KeyMetric['better'];
  cells: CompareCell[];
}

export interface Comparison {
  runs: { name: string; file?: string; plan: string; startedAt: string; durationMs: number; repeats: number }[];
  rows: CompareRow[];
  /**
   * The same comparison per scenario (SCENARIO_COLUMNS), when the runs have two scenarios or more with per-scenario
   * numbers; absent otherwise.
   */
  scenarios?: { scenario: string; rows: CompareRow[] }[];
}

/** Compares runs (at least one; the first is the baseline) by `metrics` (default: KEY_METRICS and the gRPC and WebSocket rows they have). */
export function compareRuns(
  runs: readonly ComparedRun[],
  metrics: readonly KeyMetric[] = keyMetricsFor(runs.flatMap((r) => r.summaries)),
): Comparison {
  if (runs.length === 0) throw new Error('compareRuns needs at least one run');
  const names = scenarioNames(runs.flatMap((r) => r.summaries));
  return {
    runs: runs.map((r) => {
      const first = r.summaries[0];
      return {
        name: r.name,
        ...(r.file ? { file: r.file } : {}),
        plan: first?.plan.name ?? '',
        startedAt: first?.startedAt ?? '',
        durationMs: first?.durationMs ?? 0,
        repeats: r.summaries.length,
      };
    }),
    rows: compareRows(runs, metrics),
    ...(names.length > 1
      ? { scenarios: names.map((scenario) => ({ scenario, rows: compareRows(runs, scenarioKeyMetrics(scenario)) })) }
      : {}),
  };
}

/** A row per metric: each run's mean (± sd over its repeats) and its change from the first run's. */
function compareRows(runs: readonly ComparedRun[], metrics: readonly KeyMetric[]): CompareRow[] {
  return metrics.map((m): CompareRow => {
    const values = runs.map((r) => spread(r.summaries.map(m.read)));
    const base = values[0] ?? null;
    const cells = values.map((v, i): CompareCell => {
      const d = i > 0 && base && v ? delta(base.mean, v.mean) : null;
      return {
        value: v?.mean ?? null,
        sd: v && v.n > 1 ? v.sd : null,
        n: v?.n ?? 0,
        delta: d,
        verdict: d ? verdictOf(d, m.better) : null,
      };
    });
    return { key: m.key, label: m.label, unit: m.unit, better: m.better, cells };
  });
}

/** Better or worse by the metric's direction; within UNCHANGED_WITHIN of the baseline, or a volume: unchanged. */
export function verdictOf(d: Delta, better: KeyMetric['better']): Verdict {
  if (d.abs === 0 || better === 'neither') return 'unchanged';
  if (d.rel !== null && Math.abs(d.rel) < UNCHANGED_WITHIN) return 'unchanged';
  return d.abs > 0 === (better === 'higher') ? 'better' : 'worse';
}
