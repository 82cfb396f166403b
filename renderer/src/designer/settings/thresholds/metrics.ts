/**
 * The metrics a threshold can use, with their types and tags. A copy of engine/metrics/registry.ts: the renderer
 * may not import engine/metrics code (lint layer rule), and metrics.test.ts fails when the two drift apart.
 */
import type { MetricType } from '../../../../../engine/metrics/registry.ts';

export interface MetricInfo { name: string; type: MetricType; tags: readonly string[]; description: string }

/** Tags of HTTP metrics (`name` is k6's spelling of `request`; the picker offers `request`). Custom tags come on top. */
export const HTTP_TAGS = ['scenario', 'group', 'request', 'method', 'status', 'expected_response'] as const;

const http = (name: string, type: MetricType, description: string): MetricInfo => ({ name, type, tags: HTTP_TAGS, description });

export const METRIC_LIST: readonly MetricInfo[] = [
  http('http_req_duration', 'trend', 'Request time in ms: sending + waiting + receiving'),
  http('http_req_failed', 'rate', 'Share of requests that failed: a transport error or a status outside expectedStatuses'),
  http('http_reqs', 'counter', 'HTTP requests sent (each redirect hop counts)'),
  http('http_req_blocked', 'trend', 'Time waiting for a free connection, in ms'),
  http('http_req_looking_up', 'trend', 'Time resolving the host name with DNS, in ms'),
  http('http_req_connecting', 'trend', 'Time establishing the TCP connection, in ms'),
  http('http_req_tls_handshaking', 'trend', 'Time of the TLS handshake, in ms'),
  http('http_req_sending', 'trend', 'Time writing the request, in ms'),
  http('http_req_waiting', 'trend', 'Time to first byte, in ms'),
  http('http_req_receiving', 'trend', 'Time reading the response, in ms'),
  http('data_sent', 'counter', 'Bytes sent'),
  http('data_received', 'counter', 'Bytes received'),
  { name: 'checks', type: 'rate', tags: ['scenario', 'group', 'request', 'check'], description: 'Share of checks that passed' },
  { name: 'iterations', type: 'counter', tags: ['scenario'], description: 'Completed iterations' },
  { name: 'iteration_duration', type: 'trend', tags: ['scenario'], description: 'Time of one complete iteration, in ms' },
  { name: 'iteration_lag', type: 'trend', tags: ['scenario'], description: 'How late open-model iterations started after their scheduled time, in ms' },
  { name: 'dropped_iterations', type: 'counter', tags: ['scenario'], description: 'Iterations not started (no free VU, or data exhausted)' },
  { name: 'group_duration', type: 'trend', tags: ['scenario', 'group'], description: 'Time to run a group, in ms' },
  { name: 'vus', type: 'gauge', tags: [], description: 'Active virtual users' },
  { name: 'vus_max', type: 'gauge', tags: [], description: 'Allocated virtual users' },
];

export function metricInfo(name: string): MetricInfo | undefined {
  return METRIC_LIST.find((m) => m.name === name);
}

/** Aggregations per metric type (k6's rules), as the hint under an expression shows them. */
export const AGGREGATIONS: Readonly<Record<MetricType, string>> = {
  trend: 'avg, min, max, med, p(N)', counter: 'count, rate', rate: 'rate', gauge: 'value',
};

/** A sensible first expression for a new threshold on this metric. */
export function defaultExpression(m: MetricInfo): string {
  if (m.name === 'http_req_failed') return 'rate<0.01';
  if (m.name === 'checks') return 'rate>0.99';
  if (m.name === 'dropped_iterations') return 'count<1';
  switch (m.type) {
    case 'trend': return 'p(95)<500';
    case 'rate': return 'rate<0.01';
    case 'counter': return 'count>0';
    case 'gauge': return 'value>0';
  }
}
