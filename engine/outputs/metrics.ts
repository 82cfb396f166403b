/**
 * One second of a run as streaming outputs see it: k6's metrics with their tags (gRPC's and WebSocket's too, from the
 * samples' tagged series), built from the coordinator's
 * tick and the workers' samples of that second (never from the request path). Counters and rates carry the
 * interval's increment and the running total of their series; trends the interval's histogram (microseconds).
 * Each sink (Prometheus, InfluxDB, OTLP) maps these points to its own protocol.
 */
import { Histogram, type EncodedHistogram } from '../metrics/histogram.ts';
import type { Sample, SeriesKey, TaggedSample } from '../metrics/sample.ts';
import type { Tick } from '../runtime/run-handle.ts';

/** Tag name -> value, as k6 names them (`name` is the request name). */
export type Labels = Readonly<Record<string, string>>;

export type MetricPoint =
  | { kind: 'counter'; metric: string; labels: Labels; delta: number; total: number }
  | { kind: 'gauge'; metric: string; labels: Labels; value: number }
  /** passes/fails in this interval and since the start (k6's rate: passes / (passes + fails)). */
  | {
      kind: 'rate';
      metric: string;
      labels: Labels;
      passes: number;
      fails: number;
      totalPasses: number;
      totalFails: number;
    }
  /**
   * The interval's values in µs, and the series' count and sum (µs) since the start; `all` marks the series of
   * all requests together (no request tags).
   */
  | {
      kind: 'trend';
      metric: string;
      labels: Labels;
      histogram: Histogram;
      totalCount: number;
      totalSum: number;
      all?: true;
    };

export interface IntervalMetrics {
  /** Wall-clock end of the interval (epoch ms). */
  timeMs: number;
  points: MetricPoint[];
}

/** k6's tags of an HTTP series: scenario, group, name, method, status, expected_response, and the plan's custom tags. */
export function seriesLabels(key: SeriesKey): Labels {
  return {
    ...key.tags,
    scenario: key.scenario,
    group: key.group,
    name: key.request,
    method: key.method,
    status: String(key.status),
    expected_response: String(key.expected),
  };
}

/**
 * k6's tags of a gRPC or WebSocket series (tagged.ts): its own tags, the step's name as `name`. A WebSocket's
 * data_sent/data_received join HTTP's counters under these tags.
 */
export function taggedLabels(t: TaggedSample): Labels {
  const { request, ...rest } = t.tags;
  return request === undefined ? rest : { ...rest, name: request };
}

/**
 * Turns each interval into points and keeps the running totals counters need (Prometheus and OTLP send
 * cumulative counters, so a dropped batch loses resolution, never counts).
 */
export class IntervalMapper {
  private readonly totals = new Map<string, number>();

  map(tick: Tick, samples: readonly Sample[], timeMs: number): IntervalMetrics {
    const points: MetricPoint[] = [];
    const counters = new Map<string, { metric: string; labels: Labels; delta: number }>();
    const rates = new Map<string, { metric: string; labels: Labels; passes: number; fails: number }>();
    const trends = new Map<string, { metric: string; labels: Labels; histogram: Histogram }>();
    const count = (metric: string, labels: Labels, n: number): void => {
      const id = seriesId(metric, labels);
      const c = counters.get(id);
      if (c) c.delta += n;
      else counters.set(id, { metric, labels, delta: n });
    };
    const rate = (metric: string, labels: Labels, passes: number, fails: number): void => {
      const id = seriesId(metric, labels);
      const r = rates.get(id);
      if (r) {
        r.passes += passes;
        r.fails += fails;
      } else rates.set(id, { metric, labels, passes, fails });
    };
    const trend = (metric: string, labels: Labels, encoded: EncodedHistogram): void => {
      if (encoded.count === 0) return; // e.g. a scenario whose iterations were all interrupted
      const id = seriesId(metric, labels);
      const h = Histogram.fromJSON(encoded);
      const t = trends.get(id);
      if (t) t.histogram.add(h);
      else trends.set(id, { metric, labels, histogram: h });
    };
    const all = new Histogram();
    for (const s of samples) {
      for (const x of s.series) {
        const labels = seriesLabels(x.key);
        count('http_reqs', labels, x.reqs);
        count('data_sent', labels, x.sent);
        count('data_received', labels, x.received);
        rate('http_req_failed', labels, x.failed, x.reqs - x.failed);
        trend('http_req_duration', labels, x.duration);
      }
      for (const c of s.checks)
        rate(
          'checks',
          { scenario: c.key.scenario, group: c.key.group, name: c.key.request, check: c.key.check },
          c.pass,
          c.fail,
        );
      for (const i of s.iterations) {
        count('iterations', { scenario: i.scenario }, i.completed);
        trend('iteration_duration', { scenario: i.scenario }, i.duration);
      }
      for (const g of s.groups) trend('group_duration', { scenario: g.scenario, group: g.group }, g.duration);
      for (const [scenario, n] of Object.entries(s.dropped)) if (n > 0) count('dropped_iterations', { scenario }, n);
      if (s.tagged)
        for (const t of s.tagged) {
          if (t.hist) trend(t.metric, taggedLabels(t), t.hist);
          else count(t.metric, taggedLabels(t), t.count);
        }
    }
    for (const [, c] of counters) {
      const id = seriesId(c.metric, c.labels);
      const total = (this.totals.get(id) ?? 0) + c.delta;
      this.totals.set(id, total);
      points.push({ kind: 'counter', metric: c.metric, labels: c.labels, delta: c.delta, total });
    }
    for (const [, r] of rates) {
      const pid = seriesId(`${r.metric}\u0001p`, r.labels);
      const fid = seriesId(`${r.metric}\u0001f`, r.labels);
      const totalPasses = (this.totals.get(pid) ?? 0) + r.passes;
      const totalFails = (this.totals.get(fid) ?? 0) + r.fails;
      this.totals.set(pid, totalPasses);
      this.totals.set(fid, totalFails);
      points.push({
        kind: 'rate',
        metric: r.metric,
        labels: r.labels,
        passes: r.passes,
        fails: r.fails,
        totalPasses,
        totalFails,
      });
    }
    for (const [id, t] of trends) {
      if (t.metric === 'http_req_duration') all.add(t.histogram);
      points.push({
        kind: 'trend',
        metric: t.metric,
        labels: t.labels,
        histogram: t.histogram,
        ...this.running(id, t.histogram),
      });
    }
    if (!all.isEmpty)
      points.push({
        kind: 'trend',
        metric: 'http_req_duration',
        labels: {},
        histogram: all,
        ...this.running('\u0002all', all),
        all: true,
      });
    points.push({ kind: 'gauge', metric: 'vus', labels: {}, value: tick.vus });
    points.push({ kind: 'gauge', metric: 'vus_max', labels: {}, value: tick.vusMax });
    // Loadsmith's own (k6 has no such metrics): each threshold's verdict so far, and how busy the generator is.
    for (const th of tick.thresholds)
      points.push({
        kind: 'gauge',
        metric: 'loadsmith_threshold_ok',
        labels: { metric: th.metric, threshold: th.expression },
        value: th.ok ? 1 : 0,
      });
    points.push({ kind: 'gauge', metric: 'loadsmith_generator_cpu', labels: {}, value: tick.generator.cpu });
    points.push({
      kind: 'gauge',
      metric: 'loadsmith_generator_event_loop_utilization',
      labels: {},
      value: tick.generator.elu,
    });
    points.push({
      kind: 'gauge',
      metric: 'loadsmith_generator_event_loop_delay_p99_seconds',
      labels: {},
      value: tick.generator.loopDelayP99Ms / 1000,
    });
    return { timeMs, points };
  }

  private running(id: string, h: Histogram): { totalCount: number; totalSum: number } {
    const totalCount = (this.totals.get(`${id}\u0001n`) ?? 0) + h.count;
    const totalSum = (this.totals.get(`${id}\u0001s`) ?? 0) + h.sum;
    this.totals.set(`${id}\u0001n`, totalCount);
    this.totals.set(`${id}\u0001s`, totalSum);
    return { totalCount, totalSum };
  }
}

/** A stable identity for a metric and its labels (label order does not matter). */
export function seriesId(metric: string, labels: Labels): string {
  const keys = Object.keys(labels).sort();
  let id = metric;
  for (const k of keys) id += `\u0000${k}\u0000${labels[k]}`;
  return id;
}
