/**
 * Coordinator-side totals of a run: every worker sample is merged into cumulative series (exact counts,
 * merged histograms). Thresholds and the summary read from here; nothing is ever averaged across workers.
 * Each phase has one total over all requests (`phases`); a series keeps its `http_req_duration` histogram (sparse
 * while small: histogram.ts) and the other phases only where the workers sent them (thresholds filtering them).
 */
import { Histogram } from './histogram.ts';
import { TaggedTotals } from './tagged.ts';
import { PHASES, type CheckKey, type Phase, type Sample, type SeriesKey, type SeriesSample } from './sample.ts';

export { PHASES, type Phase };

export interface CumSeries {
  key: SeriesKey;
  reqs: number;
  failed: number;
  sent: number;
  received: number;
  hist: { duration: Histogram } & Partial<Record<Phase, Histogram>>;
}

export interface CheckTotal {
  key: CheckKey;
  pass: number;
  fail: number;
  failure: string | undefined;
}
export interface ErrorTotal {
  kind: string;
  scenario: string;
  request: string;
  message: string;
  count: number;
}
export interface ExtractFailureTotal {
  scenario: string;
  request: string;
  variable: string;
  message: string;
  count: number;
}

/** One flat string (joined, not concatenated: a chain of concatenations kept as a Map key costs ~200 bytes a series). */
export const seriesId = (k: SeriesKey): string =>
  [k.scenario, k.group, k.request, k.method, k.status, k.expected, ...(k.tags ? [JSON.stringify(k.tags)] : [])].join(
    '\u0000',
  );

export class RunAggregate {
  /** Every phase over all requests. */
  readonly phases: Record<Phase, Histogram> = newHists();
  readonly series = new Map<string, CumSeries>();
  readonly checks = new Map<string, CheckTotal>();
  readonly iterations = new Map<
    string,
    { completed: number; interrupted: number; duration: Histogram; scheduled: number; started: number; lag: Histogram }
  >();
  readonly groups = new Map<string, { scenario: string; group: string; duration: Histogram }>();
  readonly errors = new Map<string, ErrorTotal>();
  readonly extractFailures = new Map<string, ExtractFailureTotal>();
  readonly dropped = new Map<string, number>();
  /** Other protocols' metrics (gRPC, WebSocket), by metric and tags. */
  readonly tagged = new TaggedTotals();

  // Where each encoded histogram is decoded before it is merged: no histogram is allocated per sample.
  private readonly scratch = new Histogram();
  // A worker's series keys are the same objects every second (series-keys.ts): found without building their id.
  private readonly byKey = new WeakMap<SeriesKey, CumSeries>();
  private readonly byCheckKey = new WeakMap<CheckKey, CheckTotal>();
  private readonly strings = new Map<string, string>();

  add(s: Sample): void {
    if (s.phases) for (const p of PHASES) this.merge(this.phases[p], s.phases[p]);
    for (const x of s.series) {
      const c = this.byKey.get(x.key) ?? this.seriesOf(x.key);
      c.reqs += x.reqs;
      c.failed += x.failed;
      c.sent += x.sent;
      c.received += x.received;
      for (const p of PHASES) {
        const e = x[p];
        if (e === undefined) continue;
        this.merge((c.hist[p] ??= new Histogram()), e);
        // A sample from before per-worker totals (an older shard) carries every phase in its series.
        if (!s.phases) this.phases[p].add(this.scratch);
      }
    }
    for (const ch of s.checks) {
      const t = this.byCheckKey.get(ch.key) ?? this.checkOf(ch.key);
      t.pass += ch.pass;
      t.fail += ch.fail;
      if (t.failure === undefined && ch.failure !== undefined) t.failure = this.str(ch.failure);
    }
    for (const it of s.iterations) {
      let t = this.iterations.get(it.scenario);
      if (!t) {
        t = { completed: 0, interrupted: 0, duration: new Histogram(), scheduled: 0, started: 0, lag: new Histogram() };
        this.iterations.set(it.scenario, t);
      }
      t.completed += it.completed;
      t.interrupted += it.interrupted;
      this.merge(t.duration, it.duration);
      t.scheduled += it.scheduled ?? 0;
      t.started += it.started ?? 0;
      if (it.lag) this.merge(t.lag, it.lag);
    }
    for (const g of s.groups) {
      const id = `${g.scenario}\u0000${g.group}`;
      let t = this.groups.get(id);
      if (!t) {
        t = { scenario: g.scenario, group: g.group, duration: new Histogram() };
        this.groups.set(id, t);
      }
      this.merge(t.duration, g.duration);
    }
    for (const e of s.errors) {
      const id = `${e.kind}\u0000${e.scenario}\u0000${e.request}`;
      const t = this.errors.get(id);
      if (t) t.count += e.count;
      else this.errors.set(id, { ...e });
    }
    for (const e of s.extractFailures) {
      const id = `${e.scenario}\u0000${e.request}\u0000${e.variable}`;
      const t = this.extractFailures.get(id);
      if (t) t.count += e.count;
      else this.extractFailures.set(id, { ...e });
    }
    for (const [sc, n] of Object.entries(s.dropped)) this.dropped.set(sc, (this.dropped.get(sc) ?? 0) + n);
    if (s.tagged) this.tagged.add(s.tagged);
  }

  /** The key object kept for `key`'s series (the series is made now when new): one object per series, whoever sent it. */
  keyOf(key: SeriesKey): SeriesKey {
    return (this.byKey.get(key) ?? this.seriesOf(key)).key;
  }

  /** The key object kept for `key`'s check total (made now when new): one object per check, whoever sent it. */
  checkKeyOf(key: CheckKey): CheckKey {
    return (this.byCheckKey.get(key) ?? this.checkOf(key)).key;
  }

  /**
   * One copy of a name: every key that crosses from a worker brings its own copies of its strings (four workers and a
   * recording's two checks a step: ~4 copies of each request name, 30,000 of the scenario's).
   */
  private str(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    this.strings.set(s, s);
    return s;
  }

  /** A new key's scenario, group and request name as the aggregate's copies. */
  private ownLabels(key: { scenario: string; group: string; request: string }): void {
    key.scenario = this.str(key.scenario);
    key.group = this.str(key.group);
    key.request = this.str(key.request);
  }

  private checkOf(key: CheckKey): CheckTotal {
    const id = `${key.scenario}\u0000${key.group}\u0000${key.request}\u0000${key.check}`;
    let t = this.checks.get(id);
    if (!t) {
      this.ownLabels(key);
      key.check = this.str(key.check);
      t = { key, pass: 0, fail: 0, failure: undefined };
      this.checks.set(id, t);
    }
    this.byCheckKey.set(key, t);
    return t;
  }

  private seriesOf(key: SeriesKey): CumSeries {
    const id = seriesId(key);
    let c = this.series.get(id);
    if (!c) {
      this.ownLabels(key);
      key.method = this.str(key.method);
      c = { key, reqs: 0, failed: 0, sent: 0, received: 0, hist: { duration: new Histogram() } };
      this.series.set(id, c);
    }
    this.byKey.set(key, c);
    return c;
  }

  /** Decodes `e` (into the scratch histogram, which it leaves holding `e`) and adds it to `into`. */
  private merge(into: Histogram, e: SeriesSample['duration']): void {
    into.add(Histogram.fromJSON(e, this.scratch));
  }
}

export function newHists(): Record<Phase, Histogram> {
  return Object.fromEntries(PHASES.map((p) => [p, new Histogram()])) as Record<Phase, Histogram>;
}
