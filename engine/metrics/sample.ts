/**
 * What a worker sends the coordinator once per second (and once at the end): the interval's metrics,
 * histograms encoded. Never one message per request. Validated with zod where it enters the coordinator.
 */
import { z } from 'zod';

const Hist = z.strictObject({
  v: z.literal(1),
  count: z.number(),
  sum: z.number(),
  min: z.number(),
  max: z.number(),
  clamped: z.number(),
  counts: z.string(),
});

export { PHASES, type Phase } from './request-phases.ts';
import { wireCheckKeyProblem, wireCheckProblem, wireSeriesKeyProblem, wireSeriesProblem } from './wire-series.ts';

/** A worker's interval totals of every phase, over all its requests. */
const PhaseTotals = z.strictObject({
  duration: Hist,
  blocked: Hist,
  lookup: Hist,
  connecting: Hist,
  tls: Hist,
  sending: Hist,
  waiting: Hist,
  receiving: Hist,
});

export const SeriesKey = z.strictObject({
  scenario: z.string(),
  group: z.string(),
  request: z.string(),
  method: z.string(),
  status: z.int(),
  expected: z.boolean(),
  tags: z.record(z.string(), z.string()).optional(),
});
export type SeriesKey = z.infer<typeof SeriesKey>;

/**
 * One series (request step, status, tags): counts and its `http_req_duration` histogram. The other phases are
 * per series only when a threshold filters them by a tag (the worker's `phases` hold every phase's totals); summaries
 * written before `phases` existed carry every phase here.
 */
export const SeriesSample = z.strictObject({
  key: SeriesKey,
  reqs: z.int(),
  failed: z.int(),
  sent: z.number(),
  received: z.number(),
  duration: Hist,
  blocked: Hist.optional(),
  lookup: Hist.optional(),
  connecting: Hist.optional(),
  tls: Hist.optional(),
  sending: Hist.optional(),
  waiting: Hist.optional(),
  receiving: Hist.optional(),
});
export type SeriesSample = z.infer<typeof SeriesSample>;

/**
 * A metric of another protocol (gRPC, WebSocket) for one tag set: its count this interval and, for a trend, its histogram.
 * Tags are k6's for that metric (scenario, group, request, method, status and the plan's own).
 */
export const TaggedSample = z.strictObject({
  metric: z.string(),
  tags: z.record(z.string(), z.string()),
  count: z.number(),
  hist: Hist.optional(),
});
export type TaggedSample = z.infer<typeof TaggedSample>;

export const CheckKey = z.strictObject({
  scenario: z.string(),
  group: z.string(),
  request: z.string(),
  check: z.string(),
});
export type CheckKey = z.infer<typeof CheckKey>;

export const Sample = z.strictObject({
  worker: z.int(),
  interval: z.int().min(0),
  final: z.boolean(),
  series: z.array(SeriesSample),
  /** Every phase over all of the interval's requests; absent when there were none (and in summaries before it existed). */
  phases: PhaseTotals.optional(),
  checks: z.array(z.strictObject({ key: CheckKey, pass: z.int(), fail: z.int(), failure: z.string().optional() })),
  iterations: z.array(
    z.strictObject({
      scenario: z.string(),
      completed: z.int(),
      interrupted: z.int(),
      duration: Hist,
      /** Open model only: iterations that came due, those that started, and how late they started. */
      scheduled: z.int().optional(),
      started: z.int().optional(),
      lag: Hist.optional(),
    }),
  ),
  groups: z.array(z.strictObject({ scenario: z.string(), group: z.string(), duration: Hist })),
  errors: z.array(
    z.strictObject({
      kind: z.string(),
      scenario: z.string(),
      request: z.string(),
      message: z.string(),
      count: z.int(),
    }),
  ),
  extractFailures: z.array(
    z.strictObject({
      scenario: z.string(),
      request: z.string(),
      variable: z.string(),
      message: z.string(),
      count: z.int(),
    }),
  ),
  /** Most VUs active at once during the interval, per scenario. */
  vus: z.record(z.string(), z.int()),
  dropped: z.record(z.string(), z.int()),
  /** Other protocols' metrics (gRPC, WebSocket); absent when the interval had none. */
  tagged: z.array(TaggedSample).optional(),
  /** How busy the worker thread was (generator self-monitoring). */
  health: z.strictObject({ elu: z.number(), loopDelayP99Ms: z.number(), loopDelayMaxMs: z.number() }).optional(),
});
export type Sample = z.infer<typeof Sample>;

/**
 * A Sample as a worker sends it: each series' key is the number the worker gave it (series-keys.ts), and `keys`
 * holds the keys first sent in this interval. A name crosses between threads once, not once a second.
 */
/** A series as a worker sends it: its key is the number the worker gave it. */
type WireSeries = Omit<SeriesSample, 'key'> & { key: number };
/** A check's counts as a worker sends them: its key is the number the worker gave it. */
type WireCheck = Omit<Sample['checks'][number], 'key'> & { key: number };
/**
 * A list whose elements `problem` checks where they are: z.array(z.custom()) still made a result and an issue list for
 * each element, ~50 MB of allocation a second on the coordinator with 10,000 request names and four workers.
 */
const inPlace = <T>(problem: (x: unknown) => string | undefined) =>
  z.custom<T[]>().check((c) => {
    if (!Array.isArray(c.value)) {
      c.issues.push({ code: 'custom', message: 'must be a list', input: c.value });
      return;
    }
    for (let i = 0; i < c.value.length; i++) {
      const message = problem(c.value[i]);
      if (message === undefined) continue;
      c.issues.push({ code: 'custom', message, input: c.value[i], path: [i] });
      return;
    }
  });

export const WireSample = Sample.extend({
  // Checked in place (wire-series.ts), as one list: SeriesSample with a numbered key, without a copy of every series
  // each second, nor zod's own objects for each element.
  series: inPlace<WireSeries>(wireSeriesProblem),
  // The keys numbered this second: with 10,000 names and eight workers, 240,000 in the first seconds, each copied by
  // a zod object schema (the coordinator's heap peaked ~50 MB above what it kept).
  keys: inPlace<{ id: number; key: SeriesKey }>(wireSeriesKeyProblem),
  // Checks likewise: numbered keys (series-keys.ts), checked in place.
  checks: inPlace<WireCheck>(wireCheckProblem),
  checkKeys: inPlace<{ id: number; key: CheckKey }>(wireCheckKeyProblem),
});
export type WireSample = z.infer<typeof WireSample>;
