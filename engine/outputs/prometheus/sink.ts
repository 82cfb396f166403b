/**
 * `--out prometheus-rw=URL`: k6's remote-write mapping (k6_ prefix; counters `_total` and cumulative; gauges as
 * is; rates `_rate` since the start, with their passes and fails as `_passes_total`/`_fails_total`; trends one
 * gauge per statistic, in seconds). Loadsmith's own metrics keep their `loadsmith_` names.
 */
import { authHeader, envValue, parseHeaderList, trendStatsFrom, type Env } from '../config.ts';
import type { IntervalMetrics, Labels, MetricPoint } from '../metrics.ts';
import { BatchSender } from '../sender.ts';
import type { OutputSink, SinkContext } from '../sink.ts';
import { trendStatValues, type TrendStat } from '../trend-stats.ts';
import { encodeWriteRequest, REMOTE_WRITE_HEADERS, writeRequestBody, type PromLabel, type PromSeries } from './write-request.ts';

/** Settings from the environment (k6 reads K6_PROMETHEUS_RW_*). */
export function prometheusSettings(env: Env): { headers: Record<string, string>; stats: TrendStat[] } {
  const extra = envValue(env, 'LOADSMITH_PROMETHEUS_HEADERS');
  return {
    headers: { ...(extra ? parseHeaderList(extra, 'LOADSMITH_PROMETHEUS_HEADERS') : {}), ...authHeader(env, 'LOADSMITH_PROMETHEUS') },
    stats: trendStatsFrom(env, 'LOADSMITH_PROMETHEUS_TREND_STATS'),
  };
}

export class PrometheusSink implements OutputSink {
  readonly name = 'prometheus-rw';
  private readonly sender: BatchSender;
  private readonly stats: TrendStat[];
  private readonly runLabels: Labels;

  constructor(url: string, ctx: SinkContext) {
    const { headers, stats } = prometheusSettings(ctx.env);
    this.stats = stats;
    this.runLabels = ctx.runLabels;
    this.sender = new BatchSender({ name: this.name, url, headers: { ...headers, ...REMOTE_WRITE_HEADERS }, body: writeRequestBody, warn: ctx.warn });
  }

  write(m: IntervalMetrics): void {
    this.sender.add(encodeWriteRequest(toSeries(m, this.stats, this.runLabels)));
  }

  close(deadlineMs: number) {
    return this.sender.close(deadlineMs);
  }
}

/** The interval's points as remote-write series (exported for tests). */
export function toSeries(m: IntervalMetrics, stats: readonly TrendStat[], runLabels: Labels): PromSeries[] {
  const out: PromSeries[] = [];
  const add = (name: string, labels: Labels, value: number): void => {
    out.push({ labels: promLabels(name, labels, runLabels), samples: [{ value, timestamp: Math.round(m.timeMs) }] });
  };
  for (const p of m.points) mapPoint(p, stats, add);
  return out;
}

function mapPoint(p: MetricPoint, stats: readonly TrendStat[], add: (name: string, labels: Labels, value: number) => void): void {
  const base = p.metric.startsWith('loadsmith_') ? p.metric : `k6_${p.metric}`;
  switch (p.kind) {
    case 'counter': add(`${base}_total`, p.labels, p.total); break;
    case 'gauge': add(base, p.labels, p.value); break;
    case 'rate': {
      const n = p.totalPasses + p.totalFails;
      if (n > 0) add(`${base}_rate`, p.labels, p.totalPasses / n);
      add(`${base}_passes_total`, p.labels, p.totalPasses);
      add(`${base}_fails_total`, p.labels, p.totalFails);
      break;
    }
    case 'trend': {
      const values = trendStatValues(stats, p.histogram, p.totalCount, p.totalSum);
      // Every trend is a time in µs; Prometheus's base unit is the second (count is a number of values).
      stats.forEach((s, i) => add(`${base}_${s.key}`, p.labels, s.key === 'count' ? values[i]! : values[i]! / 1e6));
      break;
    }
  }
}

/** Sorted labels with `__name__`; names made valid, empty values left out (Prometheus treats them as absent). */
export function promLabels(name: string, labels: Labels, runLabels: Labels): PromLabel[] {
  const merged = new Map<string, string>();
  for (const [k, v] of Object.entries(labels)) if (v !== '') merged.set(labelName(k), v);
  for (const [k, v] of Object.entries(runLabels)) if (v !== '') merged.set(labelName(k), v);
  merged.set('__name__', name);
  return [...merged].map(([n, value]) => ({ name: n, value })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function labelName(tag: string): string {
  const n = tag.replace(/[^a-zA-Z0-9_]/g, '_');
  return /^[0-9]/.test(n) || n.startsWith('__') ? `tag_${n}` : n;
}
