/**
 * A shard: the part of a summary that makes an execution segment's run mergeable exactly (`run --segment` writes
 * it into --summary-json as `shard`). The run's totals are kept as they are kept while running: every series with
 * its encoded histograms (HdrHistogram V2, base64; histogram.ts), checks, iterations, groups, errors, drops —
 * the worker Sample format, so merging is the same code that merges workers. Per second, the latency histograms
 * (overall, per request, start lag) make merged per-second percentiles exact too. Counters are exact integers.
 */
import { z } from 'zod';
import { RunAggregate, PHASES, type Phase } from './aggregate.ts';
import type { EncodedHistogram } from './histogram.ts';
import { Sample } from './sample.ts';

export const SHARD_FORMAT = 1;

const Hist = Sample.shape.iterations.element.shape.duration;

/** Everything a run counted, in the worker Sample's shapes. */
export const ShardAggregate = Sample.pick({
  series: true,
  phases: true,
  checks: true,
  iterations: true,
  groups: true,
  errors: true,
  extractFailures: true,
  dropped: true,
  tagged: true,
});
export type ShardAggregate = z.infer<typeof ShardAggregate>;

/** One timeline point's histograms; `t` matches the point's. */
export const ShardSecond = z.strictObject({
  t: z.number(),
  duration: Hist.optional(),
  requests: z.record(z.string(), Hist),
  lag: Hist.optional(),
  /** grpc_req_duration and ws_connecting of the point, when it has a gRPC or WebSocket part. */
  grpc: Hist.optional(),
  wsConnecting: Hist.optional(),
});
export type ShardSecond = z.infer<typeof ShardSecond>;

export const ShardScenario = z.strictObject({
  name: z.string(),
  executor: z.string(),
  description: z.string(),
  maxVus: z.int(),
  startMs: z.number(),
  regularMs: z.number(),
  /** Open model: the iterations the whole plan schedules (absent in shards written before it was kept). */
  planned: z.int().nonnegative().optional(),
});
export type ShardScenario = z.infer<typeof ShardScenario>;

export const ShardData = z.strictObject({
  format: z.literal(SHARD_FORMAT),
  /** sha256 of the plan as run (after --vus/--duration/... overrides): shards of different plans never merge. */
  planHash: z.string(),
  /** The segment sequence all shards of one run share, k6's text form (`0,1/4,1/2,3/4,1`). */
  sequence: z.string(),
  /** The segments this file holds (`1/4:1/2`); a merged file holds several. */
  segments: z.array(z.string()).min(1),
  /** To evaluate the thresholds again on merged data. */
  thresholds: z.record(
    z.string(),
    z.array(
      z.union([
        z.string(),
        z.strictObject({
          threshold: z.string(),
          abortOnFail: z.boolean().optional(),
          delayAbortEval: z.string().optional(),
        }),
      ]),
    ),
  ),
  customTags: z.array(z.string()),
  /** The whole plan's scenarios and VUs (the summary's own are this segment's share). */
  scenarios: z.array(ShardScenario),
  vusMax: z.int(),
  aggregate: ShardAggregate,
  /** Parallel to the summary's timeline. */
  seconds: z.array(ShardSecond),
});
export type ShardData = z.infer<typeof ShardData>;

/** The run totals in the shard's (worker Sample) form. */
export function encodeAggregate(agg: RunAggregate): ShardAggregate {
  const enc = (h: { toJSON(): EncodedHistogram }): EncodedHistogram => h.toJSON();
  return {
    series: [...agg.series.values()].map((s) => ({
      key: s.key,
      reqs: s.reqs,
      failed: s.failed,
      sent: s.sent,
      received: s.received,
      duration: enc(s.hist.duration),
      ...Object.fromEntries(
        PHASES.flatMap((p) => {
          const h = s.hist[p];
          return p === 'duration' || !h ? [] : [[p, enc(h)]];
        }),
      ),
    })),
    ...(agg.series.size > 0
      ? { phases: Object.fromEntries(PHASES.map((p) => [p, enc(agg.phases[p])])) as Record<Phase, EncodedHistogram> }
      : {}),
    checks: [...agg.checks.values()].map((c) => ({
      key: c.key,
      pass: c.pass,
      fail: c.fail,
      ...(c.failure === undefined ? {} : { failure: c.failure }),
    })),
    iterations: [...agg.iterations].map(([scenario, it]) => ({
      scenario,
      completed: it.completed,
      interrupted: it.interrupted,
      duration: enc(it.duration),
      ...(it.scheduled > 0 ? { scheduled: it.scheduled, started: it.started, lag: enc(it.lag) } : {}),
    })),
    groups: [...agg.groups.values()].map((g) => ({ scenario: g.scenario, group: g.group, duration: enc(g.duration) })),
    errors: [...agg.errors.values()].map((e) => ({ ...e })),
    extractFailures: [...agg.extractFailures.values()].map((e) => ({ ...e })),
    dropped: Object.fromEntries(agg.dropped),
    ...(agg.tagged.byKey.size > 0 ? { tagged: agg.tagged.encode() } : {}),
  };
}

/** Totals of several shards merged (exact: counts summed, histograms merged). */
export function mergeAggregates(parts: readonly ShardAggregate[]): RunAggregate {
  const agg = new RunAggregate();
  for (const p of parts) agg.add({ worker: 0, interval: 0, final: true, vus: {}, ...p });
  return agg;
}
