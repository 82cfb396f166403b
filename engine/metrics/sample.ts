/**
 * What a worker sends the coordinator once per second (and once at the end): the interval's metrics,
 * histograms encoded. Never one message per request. Validated with zod where it enters the coordinator.
 */
import { z } from 'zod';

const Hist = z.strictObject({
  v: z.literal(1), count: z.number(), sum: z.number(), min: z.number(), max: z.number(), clamped: z.number(), counts: z.string(),
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

export const SeriesSample = z.strictObject({
  key: SeriesKey,
  reqs: z.int(),
  failed: z.int(),
  sent: z.number(),
  received: z.number(),
  duration: Hist,
  blocked: Hist,
  lookup: Hist,
  connecting: Hist,
  tls: Hist,
  sending: Hist,
  waiting: Hist,
  receiving: Hist,
});
export type SeriesSample = z.infer<typeof SeriesSample>;

export const CheckKey = z.strictObject({ scenario: z.string(), group: z.string(), request: z.string(), check: z.string() });
export type CheckKey = z.infer<typeof CheckKey>;

export const Sample = z.strictObject({
  worker: z.int(),
  interval: z.int().min(0),
  final: z.boolean(),
  series: z.array(SeriesSample),
  checks: z.array(z.strictObject({ key: CheckKey, pass: z.int(), fail: z.int(), failure: z.string().optional() })),
  iterations: z.array(z.strictObject({
    scenario: z.string(), completed: z.int(), interrupted: z.int(), duration: Hist,
    /** Open model only: iterations that came due, those that started, and how late they started. */
    scheduled: z.int().optional(), started: z.int().optional(), lag: Hist.optional(),
  })),
  groups: z.array(z.strictObject({ scenario: z.string(), group: z.string(), duration: Hist })),
  errors: z.array(z.strictObject({ kind: z.string(), scenario: z.string(), request: z.string(), message: z.string(), count: z.int() })),
  extractFailures: z.array(z.strictObject({ scenario: z.string(), request: z.string(), variable: z.string(), message: z.string(), count: z.int() })),
  /** Most VUs active at once during the interval, per scenario. */
  vus: z.record(z.string(), z.int()),
  dropped: z.record(z.string(), z.int()),
  /** How busy the worker thread was (generator self-monitoring). */
  health: z.strictObject({ elu: z.number(), loopDelayP99Ms: z.number(), loopDelayMaxMs: z.number() }).optional(),
});
export type Sample = z.infer<typeof Sample>;
