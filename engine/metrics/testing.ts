/**
 * Test support for the metrics tests: FOR TESTS ONLY. Engine code never imports this module, and it holds no tests
 * itself.
 *
 * Reproducible raw values, histograms recorded from them, the exact statistics an HDR histogram approximates, and
 * builders of what workers send the coordinator: series recorded from raw per-phase values, samples, and raw series
 * split over two workers.
 */
import { PHASES, RunAggregate } from './aggregate.ts';
import type { Phase } from './aggregate.ts';
import { Histogram, type EncodedHistogram } from './histogram.ts';
import { Sample } from './sample.ts';
import type { PhaseTimes } from './recorder.ts';
import type { Sample as SampleT, SeriesKey, SeriesSample } from './sample.ts';

// ---------------------------------------------------------------------------------------------------------------
// Raw values and their exact statistics

/** Deterministic PRNG (mulberry32) so failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` whole numbers drawn uniformly from [lo, hi] (both included), the same for the same `seed`. */
export function uniform(n: number, lo: number, hi: number, seed: number): number[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => lo + Math.floor(r() * (hi - lo + 1)));
}

/** A histogram that recorded `values`. */
export function hist(values: readonly number[]): Histogram {
  const h = new Histogram();
  for (const v of values) h.record(v);
  return h;
}

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Nearest-rank percentile of raw values (the exact answer HDR approximates to 3 significant digits). */
export function exactPercentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(Math.ceil((p / 100) * sorted.length), 1) - 1] as number;
}

/**
 * `xs` cut in two, one part per worker. With an odd length the first part is the longer one (`round: 'up'`) or the
 * shorter one (`round: 'down'`).
 */
export function halves<T>(xs: readonly T[], round: 'up' | 'down' = 'up'): [T[], T[]] {
  const cut = (round === 'up' ? Math.ceil : Math.floor)(xs.length / 2);
  return [xs.slice(0, cut), xs.slice(cut)];
}

// ---------------------------------------------------------------------------------------------------------------
// Samples as workers send them

/** A series key; `tags` only when given. */
export const seriesKey = (
  scenario: string,
  group: string,
  request: string,
  method: string,
  status: number,
  expected: boolean,
  tags?: Record<string, string>,
): SeriesKey => ({ scenario, group, request, method, status, expected, ...(tags ? { tags } : {}) });

/** Raw values (µs) of every phase of a series' requests, one value per request. */
export type PhaseValues = Record<Phase, readonly number[]>;

export interface SeriesOptions {
  /** Raw values of the phases; a phase not given gets the durations (duration) or a 1 µs value per request (the others). */
  phases?: Partial<PhaseValues>;
  /** Default: one request per duration. */
  reqs?: number;
  /** Default: every request when the key is not expected, none when it is. */
  failed?: number;
  /** Bytes in all. Default: `sentEach` (0) per request. */
  sent?: number;
  /** Bytes in all. Default: `receivedEach` (0) per request. */
  received?: number;
  sentEach?: number;
  receivedEach?: number;
}

/** One series of a worker's sample, its phase histograms recorded from raw values. */
export function series(key: SeriesKey, durations: readonly number[], o: SeriesOptions = {}): SeriesSample {
  const values = (p: Phase): readonly number[] =>
    o.phases?.[p] ?? (p === 'duration' ? durations : durations.map(() => 1));
  const recorded = (p: Phase): EncodedHistogram => hist(values(p)).toJSON();
  const reqs = o.reqs ?? durations.length;
  return {
    key,
    reqs,
    failed: o.failed ?? (key.expected ? 0 : reqs),
    sent: o.sent ?? (o.sentEach ?? 0) * reqs,
    received: o.received ?? (o.receivedEach ?? 0) * reqs,
    duration: recorded('duration'),
    blocked: recorded('blocked'),
    lookup: recorded('lookup'),
    connecting: recorded('connecting'),
    tls: recorded('tls'),
    sending: recorded('sending'),
    waiting: recorded('waiting'),
    receiving: recorded('receiving'),
  };
}

/** One response's phase times (µs) for a recorder: `d` long, waiting d - 10. */
export const responseTimes = (d: number): PhaseTimes => ({
  duration: d,
  blocked: 1,
  lookup: 0,
  connecting: 0,
  tls: 0,
  sending: 5,
  waiting: d - 10,
  receiving: 5,
});

/** Statuses below 400 are expected (a request step's default). */
export const below400 = (status: number): boolean => status < 400;

/** A worker's sample of interval 0, not final, with nothing recorded (what a flush of an idle second gives). */
export const emptySample = (worker: number): SampleT => ({
  worker,
  interval: 0,
  final: false,
  vus: {},
  series: [],
  checks: [],
  iterations: [],
  groups: [],
  errors: [],
  extractFailures: [],
  dropped: {},
});

/** A worker's sample (interval 0, not final) holding only `parts`, validated as the coordinator does. */
export function sample(worker: number, parts: Partial<SampleT> = {}): SampleT {
  return Sample.parse({ ...emptySample(worker), ...parts } satisfies SampleT);
}

/** The run aggregate of `samples`, added in order. */
export function aggregateOf(samples: readonly SampleT[]): RunAggregate {
  const agg = new RunAggregate();
  for (const s of samples) agg.add(s);
  return agg;
}

// ---------------------------------------------------------------------------------------------------------------
// Raw series: a test keeps every request's values to compute what it expects; two workers each send a half.

export interface RawSeries {
  key: SeriesKey;
  phases: PhaseValues;
  sentEach: number;
  receivedEach: number;
}

/** How a test derives each phase but duration from a request's duration `d` (µs) and its index `i`. */
export type PhaseShape = Record<Exclude<Phase, 'duration'>, (d: number, i: number) => number>;

export function rawSeries(
  key: SeriesKey,
  durations: readonly number[],
  shape: PhaseShape,
  bytes: { sentEach: number; receivedEach: number },
): RawSeries {
  const derived = (p: Exclude<Phase, 'duration'>): number[] => durations.map((d, i) => shape[p](d, i));
  return {
    key,
    ...bytes,
    phases: {
      duration: durations,
      blocked: derived('blocked'),
      lookup: derived('lookup'),
      connecting: derived('connecting'),
      tls: derived('tls'),
      sending: derived('sending'),
      waiting: derived('waiting'),
      receiving: derived('receiving'),
    },
  };
}

/** Worker `w`'s half of a raw series (cut as `halves` does with `round`), as the series of its sample. */
export function seriesHalf(r: RawSeries, w: 0 | 1, round: 'up' | 'down' = 'up'): SeriesSample {
  const phases: Partial<PhaseValues> = {};
  for (const p of PHASES) phases[p] = halves(r.phases[p], round)[w];
  return series(r.key, phases.duration ?? [], { phases, sentEach: r.sentEach, receivedEach: r.receivedEach });
}

/** Every raw value of phase `p` over the series `rs`. */
export const valuesOf = (rs: readonly RawSeries[], p: Phase = 'duration'): number[] => rs.flatMap((r) => r.phases[p]);
/** How many requests the series `rs` hold. */
export const reqsOf = (rs: readonly RawSeries[]): number => sum(rs.map((r) => r.phases.duration.length));
/** How many of them failed (every request of a series whose key is not expected). */
export const failedOf = (rs: readonly RawSeries[]): number => reqsOf(rs.filter((r) => !r.key.expected));
/** Bytes sent by the requests of `rs`. */
export const sentOf = (rs: readonly RawSeries[]): number => sum(rs.map((r) => r.phases.duration.length * r.sentEach));
/** Bytes received by the requests of `rs`. */
export const receivedOf = (rs: readonly RawSeries[]): number =>
  sum(rs.map((r) => r.phases.duration.length * r.receivedEach));
