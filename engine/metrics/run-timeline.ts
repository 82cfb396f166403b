/**
 * A run's timeline as the coordinator builds it: a point per interval from the workers' samples (per request name
 * only for the charted names), compacted past MAX_TIMELINE_POINTS (timeline-compact.ts); for an execution segment
 * also each point's histograms, the shard's `seconds`, merged exactly when points merge.
 */
import { mergeSeconds, shardSecond } from './shard-seconds.ts';
import type { Sample } from './sample.ts';
import type { ShardSecond } from './shard.ts';
import { CompactSeries, MAX_TIMELINE_POINTS } from './timeline-compact.ts';
import { mergePoints } from './timeline-merge.ts';
import type { EncodedHistogram } from './histogram.ts';
import { ChartedRequests, CHARTED_REQUESTS, intervalOf, type TimelinePoint } from './timeline.ts';

interface Entry {
  point: TimelinePoint;
  second: ShardSecond | undefined;
}

export interface RunTimelineOptions {
  /** Keep each point's histograms (an execution segment's run: `loadsmith merge` needs them). */
  shard?: boolean;
  maxPoints?: number;
  chartedRequests?: number;
}

export class RunTimeline {
  private readonly charted: ChartedRequests;
  private readonly series: CompactSeries<Entry>;
  private readonly shard: boolean;

  constructor(o: RunTimelineOptions = {}) {
    this.shard = o.shard ?? false;
    this.charted = new ChartedRequests(o.chartedRequests ?? CHARTED_REQUESTS);
    this.series = new CompactSeries<Entry>(
      (a, b) => ({
        point: mergePoints(a.point, b.point),
        second: a.second && b.second ? mergeSeconds(a.second, b.second) : undefined,
      }),
      o.maxPoints ?? MAX_TIMELINE_POINTS,
    );
  }

  /**
   * The point of one interval (what the live tick shows), and its http_req_duration histogram (undefined when no
   * request finished); the point also joins the timeline. `cpu`: the generator's share.
   */
  add(
    samples: readonly Sample[],
    t: number,
    span: number,
    cpu: number,
  ): { point: TimelinePoint; duration: EncodedHistogram | undefined } {
    const { point, duration } = intervalOf(samples, t, span, this.charted);
    point.generator.cpu = cpu;
    this.series.push({ point, second: this.shard ? shardSecond(samples, t, this.charted) : undefined });
    return { point, duration: duration.isEmpty ? undefined : duration.toJSON() };
  }

  get points(): TimelinePoint[] {
    return this.series.points.map((e) => e.point);
  }
  /** The shard's per-point histograms (empty unless `shard`). */
  get seconds(): ShardSecond[] {
    return this.series.points.flatMap((e) => (e.second ? [e.second] : []));
  }
  /** Seconds per point. */
  get resolution(): number {
    return this.series.resolution;
  }
  /** How many request names have per-second points. */
  get chartedRequests(): number {
    return this.charted.count;
  }
}
