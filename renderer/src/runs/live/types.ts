/** The data a run dashboard draws: stored per-second points, live ticks, and the stored summary. */
import type { RunDetail, StoredTick } from '../../../../app/contract/runs.ts';
import type { Tick } from '../live.ts';

export type { Tick };
/** One second of a run as stored (a tick without its cumulative live totals). */
export type RunPoint = StoredTick;
/** The engine's end-of-run summary, as the contract delivers it with a run. */
export type RunSummary = NonNullable<RunDetail['summary']>;
/** Cumulative per-request numbers, status codes and errors of a running run. */
export type LiveTotals = Tick['live'];
export type ThresholdState = Tick['thresholds'][number];

/** A tick without its live totals: what the dashboard keeps per second (memory stays flat over long runs). */
export function toPoint(tick: Tick): RunPoint {
  const { live: _live, ...point } = tick;
  return point;
}
