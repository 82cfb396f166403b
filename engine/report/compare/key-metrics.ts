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
  {
    key: 'received',
    label: 'data received',
    unit: 'bytes',
    better: 'neither',
    read: (s) => counter(s, 'data_received'),
  },
];

/**
 * Rows of other step types (gRPC, WebSocket), each shown only when a compared run has its metric: an HTTP-only
 * comparison keeps the rows it always had.
 */
const PROTOCOL_KEY_METRICS: readonly (KeyMetric & { metric: string })[] = [
  {
    metric: 'grpc_req_duration',
    key: 'grpcCalls',
    label: 'gRPC calls',
    unit: 'count',
    better: 'higher',
    read: (s) => {
      const m = s.metrics.grpc_req_duration;
      return m?.type === 'trend' ? m.count : null;
    },
  },
  {
    metric: 'grpc_req_duration',
    key: 'grpcP95',
    label: 'gRPC p(95)',
    unit: 'ms',
    better: 'lower',
    read: (s) => trend(s, 'grpc_req_duration', 'p95'),
  },
  {
    metric: 'grpc_streams',
    key: 'grpcStreams',
    label: 'gRPC streams',
    unit: 'count',
    better: 'higher',
    read: (s) => counter(s, 'grpc_streams'),
  },
  {
    metric: 'ws_sessions',
    key: 'wsSessions',
    label: 'ws sessions',
    unit: 'count',
    better: 'higher',
    read: (s) => counter(s, 'ws_sessions'),
  },
  {
    metric: 'ws_connecting',
    key: 'wsConnectingP95',
    label: 'ws connecting p(95)',
    unit: 'ms',
    better: 'lower',
    read: (s) => trend(s, 'ws_connecting', 'p95'),
  },
  {
    metric: 'ws_msgs_received',
    key: 'wsMsgsReceived',
    label: 'ws msgs received',
    unit: 'count',
    better: 'higher',
    read: (s) => counter(s, 'ws_msgs_received'),
  },
  {
    metric: 'ws_ping',
    key: 'wsPingP95',
    label: 'ws ping p(95)',
    unit: 'ms',
    better: 'lower',
    read: (s) => trend(s, 'ws_ping', 'p95'),
  },
];

/** The key metrics for these runs: KEY_METRICS, and the rows of other step types that some of them have. */
export function keyMetricsFor(summaries: readonly Summary[]): readonly KeyMetric[] {
  const more = PROTOCOL_KEY_METRICS.filter((k) => summaries.some((s) => s.metrics[k.metric] !== undefined));
  return more.length === 0 ? KEY_METRICS : [...KEY_METRICS, ...more.map(({ metric: _, ...k }) => k)];
}
