/**
 * The gRPC workload's reports turned into a ToolResult: "requests" are unary calls, "errors" calls that did not end
 * OK (ghz, Loadsmith) or failed their status check (k6, which has no per-status count of its calls).
 */
import type { ToolResult } from './parse.ts';

function required(tool: string, n: number | undefined): number {
  if (n === undefined || !Number.isFinite(n)) throw new Error(`${tool}: no call count in its output`);
  return n;
}

interface GhzReport {
  count?: number;
  rps?: number;
  statusCodeDistribution?: Record<string, number>;
  /** Latencies in nanoseconds. */
  latencyDistribution?: { percentage: number; latency: number }[] | null;
}

/** ghz -O json: `count` calls (OK or not) at `rps`; latencies by percentile in ns; statuses by name. */
export function parseGhz(json: string): ToolResult {
  const r = JSON.parse(json) as GhzReport;
  const requests = required('ghz', r.count);
  const at = (p: number): number => {
    const ns = r.latencyDistribution?.find((d) => d.percentage === p)?.latency;
    return ns === undefined ? NaN : ns / 1e6;
  };
  const ok = r.statusCodeDistribution?.OK ?? 0;
  return { requests, rps: r.rps ?? NaN, p50Ms: at(50), p99Ms: at(99), errors: requests - ok };
}

type K6Metric = Record<string, number | undefined>;

/** k6 --summary-export of bench/plans/k6-grpc.js: one call per iteration, the status check's failures as errors. */
export function parseK6Grpc(json: string): ToolResult {
  const m = (JSON.parse(json) as { metrics: Record<string, K6Metric | undefined> }).metrics;
  const it = m.iterations ?? {};
  const d = m.grpc_req_duration ?? {};
  return {
    requests: required('k6', it.count),
    rps: it.rate ?? NaN,
    p50Ms: d.med ?? NaN,
    p99Ms: d['p(99)'] ?? NaN,
    errors: m.checks?.fails ?? 0,
  };
}

interface LoadsmithGrpcSummary {
  durationMs: number;
  metrics: Record<string, { count?: number; med?: number; p99?: number } | undefined>;
  errors: { kind: string; count: number }[];
}

/** Loadsmith --summary-json: grpc_req_duration counts the calls (as k6's does); non-OK statuses are grpc-* errors. */
export function parseLoadsmithGrpc(json: string): ToolResult {
  const s = JSON.parse(json) as LoadsmithGrpcSummary;
  const d = s.metrics.grpc_req_duration;
  const requests = required('loadsmith', d?.count);
  return {
    requests,
    rps: s.durationMs > 0 ? requests / (s.durationMs / 1000) : NaN,
    p50Ms: d?.med ?? NaN,
    p99Ms: d?.p99 ?? NaN,
    errors: s.errors.filter((e) => e.kind.startsWith('grpc-')).reduce((n, e) => n + e.count, 0),
  };
}
