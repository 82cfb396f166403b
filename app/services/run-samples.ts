/**
 * The per-second points a run stores while it runs, kept as bounded as the engine's own timeline: the same
 * compaction (engine/metrics/timeline-compact.ts) on the same sequence of ticks, so a 24-hour run stores at most
 * 2,048 rows, and after a compaction the stored rows equal the summary's timeline point for point. Each row keeps
 * the tick's http_req_duration histogram (merged exactly when rows merge): if the app dies mid-run, the summary
 * rebuilt from these rows has exact percentiles (run-recovery.ts).
 */
import { Histogram, type EncodedHistogram } from 'loadsmith';
import { CompactSeries, mergePoints } from 'loadsmith/metrics';
import type { StoredTick } from '../contract/index.ts';
import type { Store } from '../store/types.ts';

/** Two neighbouring stored ticks as one: the point merged, the running totals and thresholds of the later one. */
export function mergeStoredTicks(a: StoredTick, b: StoredTick): StoredTick {
  const durationHistogram = mergeHistograms(a.durationHistogram, b.durationHistogram);
  return {
    ...mergePoints(a, b),
    elapsedMs: b.elapsedMs,
    vusMax: Math.max(a.vusMax, b.vusMax),
    totals: b.totals,
    thresholds: b.thresholds,
    ...(durationHistogram ? { durationHistogram } : {}),
  };
}

function mergeHistograms(
  a: EncodedHistogram | undefined,
  b: EncodedHistogram | undefined,
): EncodedHistogram | undefined {
  if (!a || !b) return a ?? b;
  const h = Histogram.fromJSON(a);
  h.add(Histogram.fromJSON(b));
  return h.toJSON();
}

/** What the UI gets of a stored tick: not its histogram (the rebuilt summary's business). */
export function withoutHistogram<T extends { durationHistogram?: EncodedHistogram }>(
  tick: T,
): Omit<T, 'durationHistogram'> {
  const { durationHistogram: _h, ...rest } = tick;
  return rest;
}

/** Writes a run's ticks as they come: one row per tick until the series is full, then merged rows. */
export class StoredSamples {
  private readonly series = new CompactSeries<StoredTick>(mergeStoredTicks);
  private readonly store: Store;
  private readonly runId: string;

  constructor(store: Store, runId: string) {
    this.store = store;
    this.runId = runId;
  }

  add(tick: StoredTick): void {
    const placed = this.series.push(tick);
    if (placed.compacted) this.store.runs.replaceSamples(this.runId, this.series.points);
    else this.store.runs.addSample(this.runId, placed.index + 1, this.series.points[placed.index]);
  }
}
