/**
 * `--out otlp=URL`: OTLP/HTTP protobuf metrics, mapped as k6's OpenTelemetry output does: counters are cumulative
 * monotonic sums, gauges gauges, a rate one counter with the attribute `condition` (`nonzero`: passes, `zero`:
 * fails), and trends cumulative exponential histograms in seconds (k6 sends explicit-bucket histograms; these
 * keep 4 % resolution at any latency). Tags are attributes; the run (service.name, testid, plan) is the resource.
 * Headers from LOADSMITH_OTLP_HEADERS or OTEL_EXPORTER_OTLP_(METRICS_)HEADERS; more resource attributes from
 * OTEL_RESOURCE_ATTRIBUTES.
 */
import { METRICS } from '../../base/metric-registry.ts';
import { VERSION } from '../../version.ts';
import { envValue, parseHeaderList, type Env } from '../config.ts';
import { ExponentialBuckets, SCALE } from '../exponential-buckets.ts';
import { seriesId, type IntervalMetrics, type Labels, type MetricPoint } from '../metrics.ts';
import { BatchSender, joinBytes } from '../sender.ts';
import type { OutputSink, SinkContext } from '../sink.ts';
import {
  encodeMetricsRequest,
  stringAttr,
  type ExpHistogramPoint,
  type KeyValue,
  type NumberPoint,
  type OtlpMetric,
  type OtlpResource,
} from './request.ts';

export function otlpHeaders(env: Env): Record<string, string> {
  for (const name of ['LOADSMITH_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_METRICS_HEADERS', 'OTEL_EXPORTER_OTLP_HEADERS']) {
    const v = envValue(env, name);
    if (v) return parseHeaderList(v, name);
  }
  return {};
}

export function otlpResource(ctx: SinkContext): OtlpResource {
  const attrs = new Map<string, string>();
  const extra = envValue(ctx.env, 'OTEL_RESOURCE_ATTRIBUTES');
  if (extra) for (const [k, v] of Object.entries(parseHeaderList(extra, 'OTEL_RESOURCE_ATTRIBUTES'))) attrs.set(k, v);
  attrs.set('service.name', envValue(ctx.env, 'OTEL_SERVICE_NAME') ?? 'loadsmith');
  attrs.set('service.version', VERSION);
  attrs.set('loadsmith.plan', ctx.planName);
  for (const [k, v] of Object.entries(ctx.runLabels)) attrs.set(k, v);
  return { attributes: [...attrs].map(([k, v]) => stringAttr(k, v)) };
}

export class OtlpSink implements OutputSink {
  readonly name = 'otlp';
  private readonly sender: BatchSender;
  private readonly resource: OtlpResource;
  private readonly histograms = new Map<string, ExponentialBuckets>();
  private startNs = '';

  constructor(url: string, ctx: SinkContext) {
    this.resource = otlpResource(ctx);
    this.sender = new BatchSender({
      name: this.name,
      url,
      warn: ctx.warn,
      body: joinBytes,
      headers: { ...otlpHeaders(ctx.env), 'content-type': 'application/x-protobuf', 'user-agent': 'loadsmith' },
    });
  }

  write(m: IntervalMetrics): void {
    this.sender.add(encodeMetricsRequest(this.resource, { name: 'loadsmith', version: VERSION }, this.metricsOf(m)));
  }

  close(deadlineMs: number) {
    return this.sender.close(deadlineMs);
  }

  /** The interval's points grouped into OTLP metrics, one per name and kind (exported for tests). */
  metricsOf(m: IntervalMetrics): OtlpMetric[] {
    // Cumulative points count from the start of the first interval.
    if (this.startNs === '') this.startNs = nanos(m.timeMs - 1000);
    const byName = new Map<string, OtlpMetric>();
    const time = nanos(m.timeMs);
    const get = <K extends 'gauge' | 'sum' | 'exponentialHistogram'>(
      name: string,
      kind: K,
      unit: string,
    ): OtlpMetric => {
      let metric = byName.get(name);
      if (!metric) {
        const base = { name, description: METRICS[name]?.description ?? '', unit };
        metric =
          kind === 'gauge'
            ? { ...base, gauge: { dataPoints: [] } }
            : kind === 'sum'
              ? { ...base, sum: { dataPoints: [], aggregationTemporality: 2, isMonotonic: true } }
              : { ...base, exponentialHistogram: { dataPoints: [], aggregationTemporality: 2 } };
        byName.set(name, metric);
      }
      return metric;
    };
    const number = (p: MetricPoint, attrs: Labels, value: { asDouble: number } | { asInt: number }): NumberPoint => ({
      attributes: attributes(p.labels, attrs),
      startTimeUnixNano: this.startNs,
      timeUnixNano: time,
      ...value,
    });
    for (const p of m.points) {
      switch (p.kind) {
        case 'counter':
          pushNumber(get(p.metric, 'sum', unitOf(p.metric)), number(p, {}, { asDouble: p.total }));
          break;
        case 'gauge':
          pushNumber(get(p.metric, 'gauge', unitOf(p.metric)), number(p, {}, { asDouble: p.value }));
          break;
        case 'rate': {
          const metric = get(p.metric, 'sum', '1');
          pushNumber(metric, number(p, { condition: 'nonzero' }, { asInt: p.totalPasses }));
          pushNumber(metric, number(p, { condition: 'zero' }, { asInt: p.totalFails }));
          break;
        }
        case 'trend': {
          if (p.all) break; // exponential histograms add up across series: no separate all-requests series
          const id = seriesId(p.metric, p.labels);
          let b = this.histograms.get(id);
          if (!b) {
            b = new ExponentialBuckets();
            this.histograms.set(id, b);
          }
          b.add(p.histogram);
          const metric = get(p.metric, 'exponentialHistogram', 's');
          if ('exponentialHistogram' in metric)
            metric.exponentialHistogram.dataPoints.push(expPoint(b, attributes(p.labels, {}), this.startNs, time));
          break;
        }
      }
    }
    return [...byName.values()];
  }
}

function pushNumber(metric: OtlpMetric, point: NumberPoint): void {
  if ('gauge' in metric) metric.gauge.dataPoints.push(point);
  else if ('sum' in metric) metric.sum.dataPoints.push(point);
}

function expPoint(b: ExponentialBuckets, attrs: KeyValue[], start: string, time: string): ExpHistogramPoint {
  const { offset, counts } = b.dense();
  return {
    attributes: attrs,
    startTimeUnixNano: start,
    timeUnixNano: time,
    count: b.count,
    sum: b.sum,
    scale: SCALE,
    zeroCount: b.zeroCount,
    positive: { offset, bucketCounts: counts },
    min: b.count > 0 ? b.min : 0,
    max: b.count > 0 ? b.max : 0,
  };
}

function attributes(labels: Labels, more: Labels): KeyValue[] {
  const out: KeyValue[] = [];
  for (const [k, v] of Object.entries(labels)) if (v !== '') out.push(stringAttr(k, v));
  for (const [k, v] of Object.entries(more)) out.push(stringAttr(k, v));
  return out;
}

function unitOf(metric: string): string {
  if (metric === 'data_sent' || metric === 'data_received') return 'By';
  if (metric.endsWith('_seconds')) return 's';
  return '1';
}

/** Epoch ms as a decimal string of nanoseconds (fixed64 beyond 2^53). */
function nanos(ms: number): string {
  return `${Math.round(ms)}000000`;
}
