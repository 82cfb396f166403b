/**
 * The numbers runs are compared by, read from a run summary: throughput, latency percentiles, errors, checks.
 * Each says which direction is better, so a compare table can colour a change as a regression or an improvement.
 */
import type { MetricSummary, Summary } from '../../metrics/summary.ts';

export type KeyUnit = 'count' | 'rate' | 'ms' | 'fraction' | 'bytes';

export interface KeyMetric {
  key: string;
  label: string;
  unit: KeyUnit;
  /** Which way is an improvement; `neither` for volumes (data received), shown without a verdict. */
  better: 'higher' | 'lower' | 'neither';
  /** null when the run has no such number (e.g. no checks). */
  read: (s: Summary) => number | null;
}

const trend = (s: Summary, name: string, stat: 'avg' | 'med' | 'p90' | 'p95' | 'p99' | 'max'): number | null => {
  const m: MetricSummary | undefined = s.metrics[name];
  return m?.type === 'trend' && m.count > 0 ? m[stat] : null;
};
const rate = (s: Summary, name: string): number | null => {
  const m = s.metrics[name];
  return m?.type === 'rate' ? m.rate : null;
};
const counter = (s: Summary, name: string): number | null => {
  const m = s.metrics[name];
  return m?.type === 'counter' ? m.count : null;
};

export const KEY_METRICS: readonly KeyMetric[] = [
  { key: 'requests', label: 'requests', unit: 'count', better: 'higher', read: (s) => s._total },
  { key: 'rps', label: 'req/s', unit: 'rate', better: 'higher', read: (s) => s._rps },
  { key: 'avg', label: 'avg', unit: 'ms', better: 'lower', read: (s) => trend(s, 'http_req_duration', 'avg') },
  { key: 'p50', label: 'p(50)', unit: 'ms', better: 'lower', read: (s) => trend(s, 'http_req_duration', 'med') },
  { key: 'p90', label: 'p(90)', unit: 'ms', better: 'lower', read: (s) => trend(s, 'http_req_duration', 'p90') },
  { key: 'p95', label: 'p(95)', unit: 'ms', better: 'lower', read: (s) => trend(s, 'http_req_duration', 'p95') },
  { key: 'p99', label: 'p(99)', unit: 'ms', better: 'lower', read: (s) => trend(s, 'http_req_duration', 'p99') },
  { key: 'max', label: 'max', unit: 'ms', better: 'lower', read: (s) => trend(s, 'http_req_duration', 'max') },
  { key: 'failed', label: 'failed', unit: 'fraction', better: 'lower', read: (s) => rate(s, 'http_req_failed') },
  { key: 'checks', label: 'checks passed', unit: 'fraction', better: 'higher', read: (s) => rate(s, 'checks') },
  { key: 'iterations', label: 'iterations', unit: 'count', better: 'higher', read: (s) => counter(s, 'iterations') },
  { key: 'received', label: 'data received', unit: 'bytes', better: 'neither', read: (s) => counter(s, 'data_received') },
];

/** gRPC's numbers: compared when a run made gRPC calls or streams. */
export const GRPC_KEY_METRICS: readonly KeyMetric[] = [
  { key: 'grpcCalls', label: 'gRPC calls', unit: 'count', better: 'higher', read: (s) => { const m = s.metrics.grpc_req_duration; return m?.type === 'trend' ? m.count : null; } },
  { key: 'grpcP95', label: 'gRPC p(95)', unit: 'ms', better: 'lower', read: (s) => trend(s, 'grpc_req_duration', 'p95') },
  { key: 'grpcStreams', label: 'gRPC streams', unit: 'count', better: 'higher', read: (s) => counter(s, 'grpc_streams') },
];

/** The key metrics for these runs: KEY_METRICS, and gRPC's when any of them used gRPC. */
export function keyMetricsFor(summaries: readonly Summary[]): readonly KeyMetric[] {
  return summaries.some((s) => s.metrics.grpc_req_duration || s.metrics.grpc_streams) ? [...KEY_METRICS, ...GRPC_KEY_METRICS] : KEY_METRICS;
}
