/**
 * Worker-side metric recording. Hot path: `RequestSeries.record` (per response) does a small lookup by status
 * and a few histogram records, no allocation after warm-up. `flush()` encodes what the interval touched and resets it.
 */
import { Histogram } from './histogram.ts';
import type { CheckKey, Sample, SeriesKey } from './sample.ts';

interface SeriesRec {
  key: SeriesKey;
  touched: boolean;
  reqs: number;
  failed: number;
  sent: number;
  received: number;
  duration: Histogram;
  blocked: Histogram;
  lookup: Histogram;
  connecting: Histogram;
  tls: Histogram;
  sending: Histogram;
  waiting: Histogram;
  receiving: Histogram;
}

/** Timings of one exchange in microseconds. */
export interface PhaseTimes { duration: number; blocked: number; lookup: number; connecting: number; tls: number; sending: number; waiting: number; receiving: number }

/** All series of one request step (they differ by status only). */
export class RequestSeries {
  private readonly byStatus = new Map<number, SeriesRec>();
  private readonly recorder: MetricsRecorder;
  private readonly base: Omit<SeriesKey, 'status' | 'expected'>;
  private readonly isExpected: (status: number) => boolean;

  constructor(recorder: MetricsRecorder, base: Omit<SeriesKey, 'status' | 'expected'>, isExpected: (status: number) => boolean) {
    this.recorder = recorder;
    this.base = base;
    this.isExpected = isExpected;
  }

  /** Records one response (status 0 = transport error). Returns whether it counts as failed. */
  record(status: number, t: PhaseTimes, sent: number, received: number): boolean {
    let s = this.byStatus.get(status);
    if (s === undefined) {
      s = this.recorder.newSeries({ ...this.base, status, expected: status !== 0 && this.isExpected(status) });
      this.byStatus.set(status, s);
    }
    const failed = !s.key.expected;
    s.touched = true;
    s.reqs++;
    if (failed) s.failed++;
    s.sent += sent;
    s.received += received;
    s.duration.record(t.duration);
    s.blocked.record(t.blocked);
    s.lookup.record(t.lookup);
    s.connecting.record(t.connecting);
    s.tls.record(t.tls);
    s.sending.record(t.sending);
    s.waiting.record(t.waiting);
    s.receiving.record(t.receiving);
    return failed;
  }
}

export class CheckCounter {
  readonly key: CheckKey;
  pass = 0;
  fail = 0;
  failure: string | undefined;
  constructor(key: CheckKey) { this.key = key; }
}

/** Per scenario: iterations, and for the open model the schedule (due, started) and the start lag. */
interface IterRec { completed: number; interrupted: number; duration: Histogram; scheduled: number; started: number; lag: Histogram }
interface CountRec { kind: string; scenario: string; request: string; message: string; count: number }
interface ExtractRec { scenario: string; request: string; variable: string; message: string; count: number }

export class MetricsRecorder {
  private readonly series: SeriesRec[] = [];
  private readonly checks: CheckCounter[] = [];
  private readonly iterations = new Map<string, IterRec>();
  private readonly groups = new Map<string, { scenario: string; group: string; duration: Histogram }>();
  private readonly errors = new Map<string, CountRec>();
  private readonly extractFailures = new Map<string, ExtractRec>();
  private readonly dropped = new Map<string, number>();

  newSeries(key: SeriesKey): SeriesRec {
    const rec: SeriesRec = {
      key, touched: false, reqs: 0, failed: 0, sent: 0, received: 0,
      duration: new Histogram(), blocked: new Histogram(), lookup: new Histogram(), connecting: new Histogram(), tls: new Histogram(),
      sending: new Histogram(), waiting: new Histogram(), receiving: new Histogram(),
    };
    this.series.push(rec);
    return rec;
  }

  requestSeries(base: Omit<SeriesKey, 'status' | 'expected'>, isExpected: (status: number) => boolean): RequestSeries {
    return new RequestSeries(this, base, isExpected);
  }

  checkCounter(key: CheckKey): CheckCounter {
    const c = new CheckCounter(key);
    this.checks.push(c);
    return c;
  }

  private iter(scenario: string): IterRec {
    let r = this.iterations.get(scenario);
    if (!r) { r = { completed: 0, interrupted: 0, duration: new Histogram(), scheduled: 0, started: 0, lag: new Histogram() }; this.iterations.set(scenario, r); }
    return r;
  }

  /** Open model: an iteration came due (started or dropped). */
  iterationScheduled(scenario: string): void { this.iter(scenario).scheduled++; }

  /** Open model: a due iteration started, `lagUs` after its scheduled time. */
  iterationStarted(scenario: string, lagUs: number): void {
    const r = this.iter(scenario);
    r.started++;
    r.lag.record(lagUs);
  }

  iteration(scenario: string, durationUs: number, interrupted: boolean): void {
    const r = this.iter(scenario);
    if (interrupted) { r.interrupted++; return; }
    r.completed++;
    r.duration.record(durationUs);
  }

  group(scenario: string, group: string, durationUs: number): void {
    const k = `${scenario}\u0000${group}`;
    let g = this.groups.get(k);
    if (!g) { g = { scenario, group, duration: new Histogram() }; this.groups.set(k, g); }
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

  /** Encodes everything recorded since the last flush and resets it. */
  flush(worker: number, interval: number, final: boolean, vus: Record<string, number>): Sample {
    const sample: Sample = {
      worker, interval, final, vus,
      series: [], checks: [], iterations: [], groups: [], errors: [], extractFailures: [],
      dropped: Object.fromEntries(this.dropped),
    };
    for (const s of this.series) {
      if (!s.touched) continue;
      sample.series.push({
        key: s.key, reqs: s.reqs, failed: s.failed, sent: s.sent, received: s.received,
        duration: s.duration.toJSON(), blocked: s.blocked.toJSON(), lookup: s.lookup.toJSON(), connecting: s.connecting.toJSON(), tls: s.tls.toJSON(),
        sending: s.sending.toJSON(), waiting: s.waiting.toJSON(), receiving: s.receiving.toJSON(),
      });
      s.touched = false;
      s.reqs = s.failed = s.sent = s.received = 0;
      for (const h of [s.duration, s.blocked, s.lookup, s.connecting, s.tls, s.sending, s.waiting, s.receiving]) h.reset();
    }
    for (const c of this.checks) {
      if (c.pass === 0 && c.fail === 0) continue;
      sample.checks.push(c.failure === undefined ? { key: c.key, pass: c.pass, fail: c.fail } : { key: c.key, pass: c.pass, fail: c.fail, failure: c.failure });
      c.pass = c.fail = 0;
      c.failure = undefined;
    }
    for (const [scenario, r] of this.iterations) {
      if (r.completed === 0 && r.interrupted === 0 && r.scheduled === 0) continue;
      sample.iterations.push({
        scenario, completed: r.completed, interrupted: r.interrupted, duration: r.duration.toJSON(),
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
    sample.errors = [...this.errors.values()];
    sample.extractFailures = [...this.extractFailures.values()];
    this.errors.clear();
    this.extractFailures.clear();
    this.dropped.clear();
    return sample;
  }
}
