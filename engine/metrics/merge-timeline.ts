/**
 * Merging the per-second timelines of shards by wall-clock time. Merged second k covers
 * (start + k - 1 s, start + k s] from the earliest shard's start; each shard's second goes to the merged second in
 * which it ended. Shards started within the same millisecond line up exactly; a shard started 300 ms later has
 * its seconds counted in the merged second they ended in (so a merged second holds at most 1 s of skew).
 * Counts are summed; VUs are summed over shards; per-second latency percentiles come from the merged
 * per-second histograms (exact); the generator's load is the busiest shard's (each shard is its own machine).
 * A compacted shard timeline (one point per 2^k s, timeline-compact.ts) is merged the same way at the coarsest
 * shard's resolution: finer shards' points are merged up to it first (their histograms exactly), and the result
 * is coarsened again while it has more than MAX_TIMELINE_POINTS points. gRPC and WebSocket parts likewise: counts
 * summed, grpc_req_duration and ws_connecting percentiles from the merged per-second histograms.
 */
import { Histogram } from './histogram.ts';
import { mergeSeconds } from './shard-seconds.ts';
import type { ShardSecond } from './shard.ts';
import { MAX_TIMELINE_POINTS } from './timeline-compact.ts';
import { trendPoint } from './protocol-interval.ts';
import { mergeGrpc, mergePoints, mergeWs } from './timeline-merge.ts';
import { emptyPoint, POINT_COUNTS, type TimelinePoint } from './timeline-point.ts';
import { sumStatusCounts } from './status-counts.ts';

export interface TimedShard {
  startMs: number;
  timeline: readonly TimelinePoint[];
  seconds: readonly ShardSecond[];
}

interface Bucket {
  point: TimelinePoint;
  vus: Map<number, number>;
  all: Histogram;
  lag: Histogram;
  requests: Map<string, { reqs: number; failed: number; h: Histogram }>;
  grpc: Histogram;
  wsConnecting: Histogram;
}

const ms = (us: number): number => us / 1000;

/** The merged timeline and its per-second histograms (for merging the result again). */
export function mergeTimelines(
  shards: readonly TimedShard[],
  startMs: number,
  durationMs: number,
  maxPoints = MAX_TIMELINE_POINTS,
): { timeline: TimelinePoint[]; seconds: ShardSecond[] } {
  let res = Math.max(1, ...shards.map(resolutionOf));
  for (;;) {
    const buckets = bucketsAt(
      shards.map((s) => coarsened(s, res)),
      startMs,
      res,
    );
    if (buckets.length <= maxPoints) return finishAll(buckets, durationMs, res);
    res *= 2;
  }
}

/** Seconds per point of a shard's timeline: its first point's span (every point but the last is whole). */
function resolutionOf(s: TimedShard): number {
  return s.timeline.length >= 2 ? Math.max(1, Math.round(s.timeline[0]?.span ?? 1)) : 1;
}

/** The shard with its points merged in aligned groups up to `res` seconds each. */
function coarsened(s: TimedShard, res: number): TimedShard {
  const factor = Math.round(res / resolutionOf(s));
  if (factor <= 1) return s;
  const timeline: TimelinePoint[] = [];
  const seconds: ShardSecond[] = [];
  for (let i = 0; i < s.timeline.length; i += factor) {
    let p = s.timeline[i] as TimelinePoint;
    let sec = s.seconds[i];
    for (let j = i + 1; j < Math.min(i + factor, s.timeline.length); j++) {
      p = mergePoints(p, s.timeline[j] as TimelinePoint);
      const next = s.seconds[j];
      sec = sec && next ? mergeSeconds(sec, next) : (sec ?? next);
    }
    timeline.push(p);
    if (sec) seconds.push(sec);
  }
  return { startMs: s.startMs, timeline, seconds };
}

function bucketsAt(shards: readonly TimedShard[], startMs: number, res: number): Bucket[] {
  const buckets: Bucket[] = [];
  const bucket = (k: number): Bucket => {
    for (let i = buckets.length; i < k; i++) buckets.push(emptyBucket());
    return buckets[k - 1] as Bucket;
  };
  shards.forEach((shard, n) => {
    shard.timeline.forEach((p, i) => {
      const k = Math.max(1, Math.ceil((shard.startMs + p.t * 1000 - startMs) / (res * 1000) - 1e-6));
      add(bucket(k), n, p, shard.seconds[i]);
    });
  });
  return buckets;
}

function finishAll(
  buckets: readonly Bucket[],
  durationMs: number,
  res: number,
): { timeline: TimelinePoint[]; seconds: ShardSecond[] } {
  const durationS = durationMs / 1000;
  let prev = 0;
  const timeline: TimelinePoint[] = [];
  const seconds: ShardSecond[] = [];
  buckets.forEach((b, i) => {
    const end = (i + 1) * res;
    const t = i === buckets.length - 1 ? Math.min(end, Math.max(end - res + 0.001, durationS)) : end;
    timeline.push(finish(b, t, t - prev));
    seconds.push({
      t,
      ...(b.all.isEmpty ? {} : { duration: b.all.toJSON() }),
      requests: Object.fromEntries([...b.requests].map(([name, r]) => [name, r.h.toJSON()])),
      ...(b.lag.isEmpty ? {} : { lag: b.lag.toJSON() }),
      ...(b.grpc.isEmpty ? {} : { grpc: b.grpc.toJSON() }),
      ...(b.wsConnecting.isEmpty ? {} : { wsConnecting: b.wsConnecting.toJSON() }),
    });
    prev = t;
  });
  return { timeline, seconds };
}

function emptyBucket(): Bucket {
  return {
    point: emptyPoint(0, 0),
    vus: new Map(),
    all: new Histogram(),
    lag: new Histogram(),
    requests: new Map(),
    grpc: new Histogram(),
    wsConnecting: new Histogram(),
  };
}

function add(b: Bucket, shard: number, p: TimelinePoint, sec: ShardSecond | undefined): void {
  const q = b.point;
  for (const c of POINT_COUNTS) q[c] += p[c];
  // Counts summed; latency the worse of the points' until finish() puts in the merged histograms' (when kept).
  if (p.grpc) q.grpc = q.grpc ? mergeGrpc(q.grpc, p.grpc) : { ...p.grpc };
  if (p.ws) q.ws = q.ws ? mergeWs(q.ws, p.ws) : { ...p.ws };
  if (sec?.grpc) b.grpc.add(Histogram.fromJSON(sec.grpc));
  if (sec?.wsConnecting) b.wsConnecting.add(Histogram.fromJSON(sec.wsConnecting));
  q.statuses = sumStatusCounts(q.statuses, p.statuses);
  b.vus.set(shard, Math.max(b.vus.get(shard) ?? 0, p.vus));
  q.generator.cpu = Math.max(q.generator.cpu, p.generator.cpu);
  q.generator.elu = Math.max(q.generator.elu, p.generator.elu);
  q.generator.loopDelayP99Ms = Math.max(q.generator.loopDelayP99Ms, p.generator.loopDelayP99Ms);
  if (sec?.duration) b.all.add(Histogram.fromJSON(sec.duration));
  if (sec?.lag) b.lag.add(Histogram.fromJSON(sec.lag));
  for (const [name, r] of Object.entries(p.requests)) {
    let m = b.requests.get(name);
    if (!m) {
      m = { reqs: 0, failed: 0, h: new Histogram() };
      b.requests.set(name, m);
    }
    m.reqs += r.reqs;
    m.failed += r.failed;
    const h = sec?.requests[name];
    if (h) m.h.add(Histogram.fromJSON(h));
  }
}

function finish(b: Bucket, t: number, span: number): TimelinePoint {
  const p = b.point;
  p.t = t;
  p.span = span;
  p.vus = [...b.vus.values()].reduce((a, v) => a + v, 0);
  p.rps = span > 0 ? p.reqs / span : 0;
  if (!b.lag.isEmpty) p.lag = { p95: ms(b.lag.valueAtPercentile(95)), max: ms(b.lag.max) };
  if (!b.all.isEmpty) {
    const [p50, p90, p95, p99] = b.all.valuesAtPercentiles([50, 90, 95, 99]) as [number, number, number, number];
    p.latency = { avg: ms(b.all.mean), p50: ms(p50), p90: ms(p90), p95: ms(p95), p99: ms(p99), max: ms(b.all.max) };
  }
  if (p.grpc && !b.grpc.isEmpty) p.grpc.latency = trendPoint(b.grpc);
  if (p.ws && !b.wsConnecting.isEmpty) p.ws.connecting = trendPoint(b.wsConnecting);
  for (const [name, r] of b.requests) {
    const [p50, p95, p99] = r.h.isEmpty
      ? [0, 0, 0]
      : (r.h.valuesAtPercentiles([50, 95, 99]) as [number, number, number]);
    p.requests[name] = { reqs: r.reqs, failed: r.failed, p50: ms(p50), p95: ms(p95), p99: ms(p99), max: ms(r.h.max) };
  }
  return p;
}
