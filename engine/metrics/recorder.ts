/**
 * Worker-side metric recording. Hot path: `RequestSeries.record` (per response) finds the series by status, records
 * every phase into the worker's totals and appends the duration to the interval's value buffer (amortised: no
 * allocation after warm-up). No histogram per series lives on: `flush()` builds each touched series' histograms from
 * its values, encodes them and starts a new interval, so a request name costs a few counters, not 8 histograms.
 */
import { Histogram } from './histogram.ts';
import { PHASES, type Phase } from './request-phases.ts';
import type { CheckKey, Sample, SeriesKey } from './sample.ts';
import type { SeriesPacker } from './series-pack.ts';
import { SeriesValues } from './series-values.ts';
import { TaggedSeries } from './tagged.ts';

/** Up to this many responses, a series' interval histogram is built sparse from its sorted values. */
const SORTED_MAX = 256;

/** One series (request step, status): its counts this interval. */
export class SeriesRec {
  /** Its step's labels (shared with the step's other series and checks), its status and whether that was expected. */
  readonly base: Omit<SeriesKey, 'status' | 'expected'>;
  readonly status: number;
  readonly expected: boolean;
  /** The number the coordinator knows it by (series-keys.ts); -1 until it first crosses. */
  id = -1;
  /** Position in the recorder's series list (what the value buffer stores). */
  readonly slot: number;
  touched = false;
  reqs = 0;
  failed = 0;
  sent = 0;
  received = 0;

  constructor(base: Omit<SeriesKey, 'status' | 'expected'>, status: number, expected: boolean, slot: number) {
    this.base = base;
    this.status = status;
    this.expected = expected;
    this.slot = slot;
  }

  /**
   * Its key, made when asked: it crosses to the coordinator once (series-keys.ts), and a key object kept per series
   * cost ~70 bytes in every worker (~0.7 MB a worker with 10,000 request names).
   */
  get key(): SeriesKey {
    return keyOf(this.base, this.status, this.expected);
  }
}

/** Timings of one exchange in microseconds. */
export interface PhaseTimes {
  duration: number;
  blocked: number;
  lookup: number;
  connecting: number;
  tls: number;
  sending: number;
  waiting: number;
  receiving: number;
}

/** The worker's interval totals of every phase over all its requests. */
export type PhaseHistograms = Readonly<Record<Phase, Histogram>>;

/** All series of one request step (they differ by status only). */
export class RequestSeries {
  // Nearly every step answers with one status: it is kept in fields, and a Map is made only for a second one (a Map
  // per step cost ~180 bytes in every worker, 7 MB of four workers' heaps with 10,000 request names).
  private firstStatus = -1;
  private first: SeriesRec | undefined = undefined;
  private others: Map<number, SeriesRec> | undefined = undefined;
  private readonly recorder: MetricsRecorder;
  private readonly base: Omit<SeriesKey, 'status' | 'expected'>;
  private readonly isExpected: (status: number) => boolean;
  private readonly totals: PhaseHistograms;
  private readonly values: SeriesValues;

  constructor(
    recorder: MetricsRecorder,
    base: Omit<SeriesKey, 'status' | 'expected'>,
    isExpected: (status: number) => boolean,
  ) {
    this.recorder = recorder;
    this.base = base;
    this.isExpected = isExpected;
    this.totals = recorder.totals;
    this.values = recorder.values;
  }

  /** Records one response (status 0 = transport error). Returns whether it counts as failed. */
  record(status: number, t: PhaseTimes, sent: number, received: number): boolean {
    const s = status === this.firstStatus ? (this.first as SeriesRec) : this.seriesOf(status);
    const failed = !s.expected;
    s.reqs++;
    if (failed) s.failed++;
    s.sent += sent;
    s.received += received;
    const h = this.totals; // the worker's, shared by every series: the same 8 histograms whatever the names
    h.duration.record(t.duration);
    h.blocked.record(t.blocked);
    h.lookup.record(t.lookup);
    h.connecting.record(t.connecting);
    h.tls.record(t.tls);
    h.sending.record(t.sending);
    h.waiting.record(t.waiting);
    h.receiving.record(t.receiving);
    this.values.add(s.slot, t);
    if (!s.touched) this.recorder.touch(s);
    return failed;
  }

  private seriesOf(status: number): SeriesRec {
    let s = this.others?.get(status);
    if (s === undefined) {
      s = this.recorder.newSeries(this.base, status, status !== 0 && this.isExpected(status));
      if (this.first === undefined) {
        this.firstStatus = status;
        this.first = s;
      } else (this.others ??= new Map()).set(status, s);
    }
    return s;
  }
}

/**
 * A series' key, written out field by field: `{ ...base, status, expected }` adds the last two to a copy, which puts
 * them in a property array of their own (~40 bytes more per series in every worker).
 */
function keyOf(b: Omit<SeriesKey, 'status' | 'expected'>, status: number, expected: boolean): SeriesKey {
  const { scenario, group, request, method, tags } = b;
  return tags === undefined
    ? { scenario, group, request, method, status, expected }
    : { scenario, group, request, method, tags, status, expected };
}

/** What a check counter is labelled with besides its check: its step's labels (a request step's series base). */
export type CheckLabels = Pick<CheckKey, 'scenario' | 'group' | 'request'>;

/** A check's counts, with what evaluates it (`rule`: the step's compiled check, which the metrics never read). */
export class CheckCounter<R = unknown> {
  /** Shared with the step's other checks and its series. */
  readonly labels: CheckLabels;
  readonly check: string;
  readonly rule: R;
  pass = 0;
  fail = 0;
  /** The first failure's reason. Sent once: the coordinator keeps the first it gets (a recording's failing checks sent
   * theirs every second, ~20,000 copies of the same message a second and worker). */
  failure: string | undefined;
  failureSent = false;
  /** The number the coordinator knows it by (series-keys.ts); -1 until it first crosses. */
  id = -1;
  constructor(labels: CheckLabels, check: string, rule: R) {
    this.labels = labels;
    this.check = check;
    this.rule = rule;
  }

  /**
   * Its key, made when asked: it crosses to the coordinator once (series-keys.ts), and a key object kept per check
   * cost ~55 bytes, and ~30 more in the numbering's map, in every worker (two checks a step on a 10,000-step
   * recording: ~1.7 MB a worker).
   */
  get key(): CheckKey {
    const { scenario, group, request } = this.labels;
    return { scenario, group, request, check: this.check };
  }
}

/** How a worker's flush numbers what crosses to the coordinator: its keys' numbers, and the packer of its series. */
export interface WireFlush {
  /** The worker's numbering (series-keys.ts, SeriesKeyIds). */
  ids: { seriesId(rec: SeriesRec): number; checkId(c: CheckCounter): number };
  packer?: SeriesPacker;
}

/** Per scenario: iterations, and for the open model the schedule (due, started) and the start lag. */
interface IterRec {
  completed: number;
  interrupted: number;
  duration: Histogram;
  scheduled: number;
  started: number;
  lag: Histogram;
}
interface CountRec {
  kind: string;
  scenario: string;
  request: string;
  message: string;
  count: number;
}
interface ExtractRec {
  scenario: string;
  request: string;
  variable: string;
  message: string;
  count: number;
}

export class MetricsRecorder {
  private readonly series: SeriesRec[] = [];
  private readonly touched: SeriesRec[] = [];
  /** @internal the interval's totals of every phase (RequestSeries records into them). */
  readonly totals: PhaseHistograms = Object.fromEntries(PHASES.map((p) => [p, new Histogram()])) as Record<
    Phase,
    Histogram
  >;
  /** @internal the interval's per-series values (RequestSeries appends to it). */
  readonly values: SeriesValues;
  // Where a series' interval histogram is built: sorted into sparse counts when it had few responses, recorded
  // into chunks when it had many (sorting 50,000 values a second would cost more than recording them).
  private readonly few = new Histogram();
  private readonly many = new Histogram();
  private readonly checks: CheckCounter[] = [];
  private readonly iterations = new Map<string, IterRec>();
  private readonly groups = new Map<string, { scenario: string; group: string; duration: Histogram }>();
  private readonly errors = new Map<string, CountRec>();
  private readonly extractFailures = new Map<string, ExtractRec>();
  private readonly dropped = new Map<string, number>();
  private readonly tagged: TaggedSeries[] = [];

  /**
   * @param seriesPhases phases kept per series besides `duration` (thresholds that filter them by a tag need them);
   * every phase is in the interval's totals whatever this says.
   */
  constructor(seriesPhases: readonly Phase[] = []) {
    this.values = new SeriesValues(['duration', ...seriesPhases.filter((p) => p !== 'duration')]);
  }

  newSeries(base: Omit<SeriesKey, 'status' | 'expected'>, status: number, expected: boolean): SeriesRec {
    const rec = new SeriesRec(base, status, expected, this.series.length);
    this.series.push(rec);
    return rec;
  }

  /** @internal a series' first response of the interval. */
  touch(s: SeriesRec): void {
    s.touched = true;
    this.touched.push(s);
  }

  requestSeries(base: Omit<SeriesKey, 'status' | 'expected'>, isExpected: (status: number) => boolean): RequestSeries {
    return new RequestSeries(this, base, isExpected);
  }

  /** A metric of another protocol (gRPC, WebSocket) for one tag set; made once (per step and status), recorded into per call. */
  taggedSeries(metric: string, tags: Readonly<Record<string, string>>, trend: boolean): TaggedSeries {
    const t = new TaggedSeries(metric, tags, trend);
    this.tagged.push(t);
    return t;
  }

  /** A check's counter, which carries its rule: one object a check and worker, not a pair and a counter. */
  checkCounter<R = undefined>(labels: CheckLabels, check: string, rule?: R): CheckCounter<R> {
    const c = new CheckCounter(labels, check, rule as R);
    this.checks.push(c);
    return c;
  }

  private iter(scenario: string): IterRec {
    let r = this.iterations.get(scenario);
    if (!r) {
      r = { completed: 0, interrupted: 0, duration: new Histogram(), scheduled: 0, started: 0, lag: new Histogram() };
      this.iterations.set(scenario, r);
    }
    return r;
  }

  /** Open model: an iteration came due (started or dropped). */
  iterationScheduled(scenario: string): void {
    this.iter(scenario).scheduled++;
  }

  /** Open model: a due iteration started, `lagUs` after its scheduled time. */
  iterationStarted(scenario: string, lagUs: number): void {
    const r = this.iter(scenario);
    r.started++;
    r.lag.record(lagUs);
  }

  iteration(scenario: string, durationUs: number, interrupted: boolean): void {
    const r = this.iter(scenario);
    if (interrupted) {
      r.interrupted++;
      return;
    }
    r.completed++;
    r.duration.record(durationUs);
  }

  group(scenario: string, group: string, durationUs: number): void {
    const k = `${scenario}\u0000${group}`;
    let g = this.groups.get(k);
    if (!g) {
      g = { scenario, group, duration: new Histogram() };
      this.groups.set(k, g);
    }
    g.duration.record(durationUs);
  }

  error(kind: string, scenario: string, request: string, message: string): void {
    const k = `${kind}\u0000${scenario}\u0000${request}`;
    const e = this.errors.get(k);
    if (e) e.count++;
    else this.errors.set(k, { kind, scenario, request, message, count: 1 });
  }

  extractFailure(scenario: string, request: string, variable: string, message: string): void {
    const k = `${scenario}\u0000${request}\u0000${variable}`;
    const e = this.extractFailures.get(k);
    if (e) e.count++;
    else this.extractFailures.set(k, { scenario, request, variable, message, count: 1 });
  }

  droppedIteration(scenario: string): void {
    this.dropped.set(scenario, (this.dropped.get(scenario) ?? 0) + 1);
  }

  /**
   * Encodes everything recorded since the last flush and resets it. With `wire` (a worker's), series and checks are
   * named by their numbers (series-keys.ts: SeriesKeyIds.toWire sends the sample) and the series are packed when it has
   * a packer.
   */
  flush(worker: number, interval: number, final: boolean, vus: Record<string, number>, wire?: WireFlush): Sample {
    const sample: Sample = {
      worker,
      interval,
      final,
      vus,
      series: [],
      checks: [],
      iterations: [],
      groups: [],
      errors: [],
      extractFailures: [],
      dropped: Object.fromEntries(this.dropped),
    };
    this.flushSeries(sample, wire);
    for (const c of this.checks) {
      if (c.pass === 0 && c.fail === 0) continue;
      const key = wire ? (wire.ids.checkId(c) as unknown as CheckKey) : c.key;
      if (c.failure === undefined || c.failureSent) sample.checks.push({ key, pass: c.pass, fail: c.fail });
      else {
        sample.checks.push({ key, pass: c.pass, fail: c.fail, failure: c.failure });
        c.failureSent = true;
      }
      c.pass = c.fail = 0;
    }
    for (const [scenario, r] of this.iterations) {
      if (r.completed === 0 && r.interrupted === 0 && r.scheduled === 0) continue;
      sample.iterations.push({
        scenario,
        completed: r.completed,
        interrupted: r.interrupted,
        duration: r.duration.toJSON(),
        ...(r.scheduled > 0 ? { scheduled: r.scheduled, started: r.started, lag: r.lag.toJSON() } : {}),
      });
      r.completed = r.interrupted = r.scheduled = r.started = 0;
      r.duration.reset();
      r.lag.reset();
    }
    for (const g of this.groups.values()) {
      if (g.duration.isEmpty) continue;
      sample.groups.push({ scenario: g.scenario, group: g.group, duration: g.duration.toJSON() });
      g.duration.reset();
    }
    for (const t of this.tagged) {
      const x = t.take();
      if (x !== undefined) (sample.tagged ??= []).push(x);
    }
    sample.errors = [...this.errors.values()];
    sample.extractFailures = [...this.extractFailures.values()];
    this.errors.clear();
    this.extractFailures.clear();
    this.dropped.clear();
    return sample;
  }

  private histogramOf(values: Float64Array, from: number, to: number): Histogram {
    if (to - from <= SORTED_MAX) return Histogram.ofValues(values, from, to, this.few);
    this.many.reset();
    for (let i = from; i < to; i++) this.many.record(values[i]!);
    return this.many;
  }

  /**
   * The touched series with their histograms built from the interval's values, and the phase totals. With a packer
   * (a worker's flush), the series go into it and `sample.series` stays empty (series-pack.ts).
   */
  private flushSeries(sample: Sample, wire: WireFlush | undefined): void {
    if (this.touched.length === 0) return;
    const touched = this.touched;
    const start = this.values.group(
      touched.map((s) => s.slot),
      this.series.length,
    );
    if (wire?.packer !== undefined) {
      const { ids, packer } = wire;
      packer.begin(touched.length, this.values.phases);
      for (const s of touched) packer.series(ids.seriesId(s), s.reqs, s.failed, s.sent, s.received);
      this.values.phases.forEach((_phase, c) => {
        const values = this.values.column(c, start);
        for (let i = 0; i < touched.length; i++) packer.histogram(this.histogramOf(values, start[i]!, start[i + 1]!));
      });
    } else {
      const series: Record<string, unknown>[] = touched.map((s) => ({
        key: wire ? wire.ids.seriesId(s) : s.key,
        reqs: s.reqs,
        failed: s.failed,
        sent: s.sent,
        received: s.received,
      }));
      this.values.phases.forEach((phase, c) => {
        const values = this.values.column(c, start);
        series.forEach((entry, i) => {
          entry[phase] = this.histogramOf(values, start[i]!, start[i + 1]!).toJSON();
        });
      });
      sample.series = series as Sample['series'];
    }
    sample.phases = Object.fromEntries(PHASES.map((p) => [p, this.totals[p].toJSON()])) as NonNullable<
      Sample['phases']
    >;
    for (const p of PHASES) this.totals[p].reset();
    for (const s of this.touched) {
      s.touched = false;
      s.reqs = s.failed = s.sent = s.received = 0;
    }
    this.touched.length = 0;
    this.values.clear();
  }
}
