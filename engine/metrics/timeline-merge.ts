/**
 * Two neighbouring timeline points as one, for a compacted timeline (timeline-compact.ts). Counts are summed, so
 * the timeline still adds up to the run's totals exactly, and rates are over the longer span. VUs, the start lag
 * and the generator's event loop are the highest of the two; its CPU is averaged over time (the run's average stays
 * right). Latency: the mean over all the requests, and each percentile and the max the worse of the two: per-second
 * histograms are not kept (the summary's totals come from the run's own histograms, exactly), and a bad second must
 * stay visible once seconds merge. The gRPC and WebSocket parts the same way: counts summed, percentiles the worse.
 */
import {
  GRPC_COUNTS,
  POINT_COUNTS,
  WS_COUNTS,
  type GrpcPoint,
  type LatencyPoint,
  type RequestPoint,
  type TimelinePoint,
  type TrendPoint,
  type WsPoint,
} from './timeline-point.ts';
import { sumStatusCounts } from './status-counts.ts';

/** `a` and `b` (`a` the earlier) as one point ending at `b.t`; neither is changed. */
export function mergePoints(a: TimelinePoint, b: TimelinePoint): TimelinePoint {
  const span = a.span + b.span;
  const p: TimelinePoint = {
    ...b,
    span,
    vus: Math.max(a.vus, b.vus),
    generator: {
      cpu:
        span > 0
          ? (a.generator.cpu * a.span + b.generator.cpu * b.span) / span
          : Math.max(a.generator.cpu, b.generator.cpu),
      elu: Math.max(a.generator.elu, b.generator.elu),
      loopDelayP99Ms: Math.max(a.generator.loopDelayP99Ms, b.generator.loopDelayP99Ms),
    },
    lag:
      a.lag && b.lag ? { p95: Math.max(a.lag.p95, b.lag.p95), max: Math.max(a.lag.max, b.lag.max) } : (a.lag ?? b.lag),
    latency: mergeLatency(a.latency, a.reqs, b.latency, b.reqs),
    requests: { ...a.requests },
    statuses: { ...a.statuses },
  };
  for (const c of POINT_COUNTS) p[c] = a[c] + b[c];
  const grpc = mergeGrpc(a.grpc, b.grpc);
  if (grpc) p.grpc = grpc;
  const ws = mergeWs(a.ws, b.ws);
  if (ws) p.ws = ws;
  p.rps = span > 0 ? p.reqs / span : 0;
  for (const [name, r] of Object.entries(b.requests)) {
    const q = p.requests[name];
    p.requests[name] = q ? mergeRequest(q, r) : r;
  }
  p.statuses = sumStatusCounts(p.statuses, b.statuses);
  return p;
}

function mergeLatency(
  a: LatencyPoint | null,
  aReqs: number,
  b: LatencyPoint | null,
  bReqs: number,
): LatencyPoint | null {
  if (!a || !b) return a ?? b;
  const n = aReqs + bReqs;
  return {
    avg: n > 0 ? (a.avg * aReqs + b.avg * bReqs) / n : Math.max(a.avg, b.avg),
    p50: Math.max(a.p50, b.p50),
    p90: Math.max(a.p90, b.p90),
    p95: Math.max(a.p95, b.p95),
    p99: Math.max(a.p99, b.p99),
    max: Math.max(a.max, b.max),
  };
}

function mergeRequest(a: RequestPoint, b: RequestPoint): RequestPoint {
  // A name with no request in one of the points (reqs 0) has no latency there: the other's stands.
  if (a.reqs === 0 || b.reqs === 0) {
    const has = a.reqs === 0 ? b : a;
    return { ...has, reqs: a.reqs + b.reqs, failed: a.failed + b.failed };
  }
  return {
    reqs: a.reqs + b.reqs,
    failed: a.failed + b.failed,
    p50: Math.max(a.p50, b.p50),
    p95: Math.max(a.p95, b.p95),
    p99: Math.max(a.p99, b.p99),
    max: Math.max(a.max, b.max),
  };
}

/** Two gRPC parts as one (either may be absent); a new object when both are present. */
export function mergeGrpc(a: GrpcPoint | undefined, b: GrpcPoint | undefined): GrpcPoint | undefined {
  if (!a || !b) return a ?? b;
  const g: GrpcPoint = { ...b, latency: worse(a.latency, b.latency) };
  for (const c of GRPC_COUNTS) g[c] = a[c] + b[c];
  return g;
}

/** Two WebSocket parts as one (either may be absent); a new object when both are present. */
export function mergeWs(a: WsPoint | undefined, b: WsPoint | undefined): WsPoint | undefined {
  if (!a || !b) return a ?? b;
  const w: WsPoint = { ...b, connecting: worse(a.connecting, b.connecting) };
  for (const c of WS_COUNTS) w[c] = a[c] + b[c];
  return w;
}

function worse(a: TrendPoint | null, b: TrendPoint | null): TrendPoint | null {
  if (!a || !b) return a ?? b;
  return {
    p50: Math.max(a.p50, b.p50),
    p95: Math.max(a.p95, b.p95),
    p99: Math.max(a.p99, b.p99),
    max: Math.max(a.max, b.max),
  };
}
