/**
 * Metrics of protocols other than HTTP (gRPC, WebSocket), recorded per metric and tag set: a counter counts, a trend
 * also keeps a histogram of microseconds. Worker side (TaggedSeries, made once per step and status) and coordinator side
 * (TaggedTotals, merged from samples); thresholds and the summary read the totals by metric name and tags.
 */
import { Histogram } from './histogram.ts';
import type { TaggedSample } from './sample.ts';

/** One metric for one tag set, this interval. */
export class TaggedSeries {
  readonly metric: string;
  readonly tags: Readonly<Record<string, string>>;
  count = 0;
  readonly hist: Histogram | undefined;
  constructor(metric: string, tags: Readonly<Record<string, string>>, trend: boolean) {
    this.metric = metric;
    this.tags = tags;
    this.hist = trend ? new Histogram() : undefined;
  }

  add(n: number): void {
    this.count += n;
  }

  /** A trend's value, in microseconds. */
  record(us: number): void {
    this.count++;
    this.hist?.record(us);
  }

  /** This interval's sample (undefined when nothing was recorded), and a fresh interval. */
  take(): TaggedSample | undefined {
    if (this.count === 0) return undefined;
    const out: TaggedSample = { metric: this.metric, tags: { ...this.tags }, count: this.count };
    if (this.hist) {
      out.hist = this.hist.toJSON();
      this.hist.reset();
    }
    this.count = 0;
    return out;
  }
}

export interface TaggedTotal {
  metric: string;
  tags: Readonly<Record<string, string>>;
  count: number;
  hist: Histogram | undefined;
}

/** The run's totals of tagged metrics, by metric and tag set. */
export class TaggedTotals {
  readonly byKey = new Map<string, TaggedTotal>();
  private readonly scratch = new Histogram();

  add(samples: readonly TaggedSample[]): void {
    for (const s of samples) {
      const id = `${s.metric}\u0000${JSON.stringify(s.tags)}`;
      let t = this.byKey.get(id);
      if (!t) {
        t = { metric: s.metric, tags: s.tags, count: 0, hist: s.hist ? new Histogram() : undefined };
        this.byKey.set(id, t);
      }
      t.count += s.count;
      if (s.hist && t.hist) t.hist.add(Histogram.fromJSON(s.hist, this.scratch));
    }
  }

  /** The totals in the sample's form (a shard's, to merge exactly). */
  encode(): TaggedSample[] {
    return [...this.byKey.values()].map((t) =>
      t.hist
        ? { metric: t.metric, tags: { ...t.tags }, count: t.count, hist: t.hist.toJSON() }
        : { metric: t.metric, tags: { ...t.tags }, count: t.count },
    );
  }

  /** Whether the run recorded this metric at all. */
  has(metric: string): boolean {
    for (const t of this.byKey.values()) if (t.metric === metric) return true;
    return false;
  }

  /**
   * The metric's count and (trends) merged histogram over the tag sets that match `filter`; `name` filters the same
   * tag as `request` (k6 names it so).
   */
  read(metric: string, filter: Readonly<Record<string, string>>): { count: number; hist: Histogram | undefined } {
    let count = 0;
    let hist: Histogram | undefined;
    for (const t of this.byKey.values()) {
      if (t.metric !== metric || !matches(t.tags, filter)) continue;
      count += t.count;
      if (t.hist) (hist ??= new Histogram()).add(t.hist);
    }
    return { count, hist };
  }
}

function matches(tags: Readonly<Record<string, string>>, filter: Readonly<Record<string, string>>): boolean {
  for (const [k, want] of Object.entries(filter)) {
    const got = tags[k === 'name' ? 'request' : k];
    if ((k === 'group' && want !== '' && !want.startsWith('::') ? `::${want}` : want) !== got) return false;
  }
  return true;
}
