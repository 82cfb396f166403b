/** The metrics a threshold can use, with their types and tags: engine/base/metric-registry.ts, as the picker shows it. */
import { AGGREGATIONS as ENGINE_AGGREGATIONS, METRICS, type MetricType } from 'loadsmith/metrics';

export interface MetricInfo {
  name: string;
  type: MetricType;
  tags: readonly string[];
  description: string;
}

/** Tags of HTTP metrics without `name` (k6's spelling of `request`; the picker offers `request`). Custom tags come on top. */
export const HTTP_TAGS: readonly string[] = (METRICS.http_reqs?.tags ?? []).filter((t) => t !== 'name');

export const METRIC_LIST: readonly MetricInfo[] = Object.values(METRICS).map((m) => ({
  name: m.name,
  type: m.type,
  // Each metric's own tags (HTTP, gRPC and WebSocket ones differ), `name` offered as `request`.
  tags: m.tags.filter((t) => t !== 'name'),
  description: m.unit === 'ms' ? `${m.description}, in ms` : m.description,
}));

export function metricInfo(name: string): MetricInfo | undefined {
  return METRIC_LIST.find((m) => m.name === name);
}

/** Aggregations per metric type (k6's rules), as the hint under an expression shows them. */
export const AGGREGATIONS: Readonly<Record<MetricType, string>> = {
  trend: ENGINE_AGGREGATIONS.trend.join(', '),
  counter: ENGINE_AGGREGATIONS.counter.join(', '),
  rate: ENGINE_AGGREGATIONS.rate.join(', '),
  gauge: ENGINE_AGGREGATIONS.gauge.join(', '),
};

/** A sensible first expression for a new threshold on this metric. */
export function defaultExpression(m: MetricInfo): string {
  if (m.name === 'http_req_failed') return 'rate<0.01';
  if (m.name === 'checks') return 'rate>0.99';
  if (m.name === 'dropped_iterations') return 'count<1';
  switch (m.type) {
    case 'trend':
      return 'p(95)<500';
    case 'rate':
      return 'rate<0.01';
    case 'counter':
      return 'count>0';
    case 'gauge':
      return 'value>0';
  }
}
