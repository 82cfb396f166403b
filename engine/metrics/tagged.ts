/**
 * Metrics of step types other than the HTTP request (WebSocket sessions first): a counter or a trend per metric
 * name and tag set, recorded by the worker into a handle made once per step (no lookup per event), sent once a
 * second in the Sample like every other metric and summed or merged by the coordinator. The HTTP request path does
 * not use them: its series (recorder.ts) stay as they are.
 */
import { z } from 'zod';
import { Histogram } from './histogram.ts';

const Hist = z.strictObject({
  v: z.literal(1), count: z.number(), sum: z.number(), min: z.number(), max: z.number(), clamped: z.number(), counts: z.string(),
});

/** One tagged metric's interval: `value` sums a counter's increments (bytes, messages); a trend has `hist` (µs). */
export const TaggedSample = z.strictObject({
  metric: z.string(),
  tags: z.record(z.string(), z.string()),
  value: z.number(),
  hist: Hist.optional(),
});
export type TaggedSample = z.infer<typeof TaggedSample>;

/** A counter handle: add() its increments. */
export class TaggedCounter {
  readonly metric: string;
  readonly tags: Readonly<Record<string, string>>;
  value = 0;
  constructor(metric: string, tags: Readonly<Record<string, string>>) { this.metric = metric; this.tags = tags; }
  add(n: number): void { this.value += n; }
}

/** A trend handle: record() durations in microseconds. */
export class TaggedTrend {
  readonly metric: string;
  readonly tags: Readonly<Record<string, string>>;
  readonly hist = new Histogram();
  constructor(metric: string, tags: Readonly<Record<string, string>>) { this.metric = metric; this.tags = tags; }
  record(us: number): void { this.hist.record(us); }
}

/** The worker's tagged metrics: handles are made once (per step, per status) and flushed each interval. */
export class TaggedRecorder {
  private readonly counters = new Map<string, TaggedCounter>();
  private readonly trends = new Map<string, TaggedTrend>();

  counter(metric: string, tags: Readonly<Record<string, string>>): TaggedCounter {
    const id = taggedId(metric, tags);
    let c = this.counters.get(id);
    if (c === undefined) this.counters.set(id, (c = new TaggedCounter(metric, tags)));
    return c;
  }

  trend(metric: string, tags: Readonly<Record<string, string>>): TaggedTrend {
    const id = taggedId(metric, tags);
    let t = this.trends.get(id);
    if (t === undefined) this.trends.set(id, (t = new TaggedTrend(metric, tags)));
    return t;
  }

  /** What was recorded since the last flush (untouched handles are left out), and a reset. */
  flush(): TaggedSample[] {
    const out: TaggedSample[] = [];
    for (const c of this.counters.values()) {
      if (c.value === 0) continue;
      out.push({ metric: c.metric, tags: { ...c.tags }, value: c.value });
      c.value = 0;
    }
    for (const t of this.trends.values()) {
      if (t.hist.isEmpty) continue;
      out.push({ metric: t.metric, tags: { ...t.tags }, value: t.hist.count, hist: t.hist.toJSON() });
      t.hist.reset();
    }
    return out;
  }
}

/** One identity per metric and tag set, whatever the order the tags were written in. */
export function taggedId(metric: string, tags: Readonly<Record<string, string>>): string {
  return `${metric}\u0000${JSON.stringify(Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;
}

/** The coordinator's totals of one tagged metric and tag set. */
export interface TaggedTotal { metric: string; tags: Record<string, string>; value: number; hist: Histogram | undefined }

/** Adds a sample's tagged metrics to the totals (`scratch`: where encoded histograms are decoded). */
export function addTagged(into: Map<string, TaggedTotal>, samples: readonly TaggedSample[], scratch: Histogram): void {
  for (const s of samples) {
    const id = taggedId(s.metric, s.tags);
    let t = into.get(id);
    if (t === undefined) into.set(id, (t = { metric: s.metric, tags: { ...s.tags }, value: 0, hist: undefined }));
    t.value += s.value;
    if (s.hist !== undefined) (t.hist ??= new Histogram()).add(Histogram.fromJSON(s.hist, scratch));
  }
}

/** The totals in the Sample's form (shards). */
export function encodeTagged(totals: Iterable<TaggedTotal>): TaggedSample[] {
  return [...totals].map((t) => ({ metric: t.metric, tags: { ...t.tags }, value: t.value, ...(t.hist ? { hist: t.hist.toJSON() } : {}) }));
}
