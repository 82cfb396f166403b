/**
 * `--out prometheus-rw=URL`: k6's remote-write mapping (k6_ prefix; counters `_total` and cumulative; gauges as
 * is; rates `_rate` since the start, with their passes and fails as `_passes_total`/`_fails_total`; trends one
 * gauge per statistic, in seconds, or native histograms `_seconds` when asked). Loadsmith's own metrics keep their
 * `loadsmith_` names.
 */
import { authHeader, envValue, OutputConfigError, parseHeaderList, trendStatsFrom, type Env } from '../config.ts';
import { ExponentialBuckets } from '../exponential-buckets.ts';
import { seriesId, type IntervalMetrics, type Labels, type MetricPoint } from '../metrics.ts';
import { BatchSender } from '../sender.ts';
import type { OutputSink, SinkContext } from '../sink.ts';
import { trendStatValues, type TrendStat } from '../trend-stats.ts';
import { nativeHistogram } from './native-histogram.ts';
import {
  encodeWriteRequest,
  REMOTE_WRITE_HEADERS,
  writeRequestBody,
  type PromLabel,
  type PromSeries,
} from './write-request.ts';

/** Settings from the environment (k6 reads K6_PROMETHEUS_RW_*). */
export function prometheusSettings(env: Env): { headers: Record<string, string>; stats: TrendStat[]; native: boolean } {
  const extra = envValue(env, 'LOADSMITH_PROMETHEUS_HEADERS');
  const native = envValue(env, 'LOADSMITH_PROMETHEUS_NATIVE_HISTOGRAMS')?.trim().toLowerCase() ?? 'false';
  if (!['true', 'false', '1', '0'].includes(native))
    throw new OutputConfigError(`LOADSMITH_PROMETHEUS_NATIVE_HISTOGRAMS: '${native}' is not true or false`);
  return {
    headers: {
      ...(extra ? parseHeaderList(extra, 'LOADSMITH_PROMETHEUS_HEADERS') : {}),
      ...authHeader(env, 'LOADSMITH_PROMETHEUS'),
    },
    stats: trendStatsFrom(env, 'LOADSMITH_PROMETHEUS_TREND_STATS'),
    native: native === 'true' || native === '1',
  };
}

/** How trends are sent: statistics as gauges, or (with `histograms`, each series' running buckets) native histograms. */
export interface TrendMapping {
  stats: readonly TrendStat[];
  histograms?: Map<string, ExponentialBuckets>;
}

export class PrometheusSink implements OutputSink {
  readonly name = 'prometheus-rw';
  private readonly sender: BatchSender;
  private readonly trends: TrendMapping;
  private readonly runLabels: Labels;

  constructor(url: string, ctx: SinkContext) {
    const { headers, stats, native } = prometheusSettings(ctx.env);
    this.trends = native ? { stats, histograms: new Map() } : { stats };
    this.runLabels = ctx.runLabels;
    this.sender = new BatchSender({
      name: this.name,
      url,
      headers: { ...headers, ...REMOTE_WRITE_HEADERS },
      body: writeRequestBody,
      warn: ctx.warn,
    });
  }

  write(m: IntervalMetrics): void {
    this.sender.add(encodeWriteRequest(toSeries(m, this.trends, this.runLabels)));
  }

  close(deadlineMs: number) {
    return this.sender.close(deadlineMs);
  }
}

/** The interval's points as remote-write series (exported for tests). */
export function toSeries(m: IntervalMetrics, trends: TrendMapping, runLabels: Labels): PromSeries[] {
  const out: PromSeries[] = [];
  const timestamp = Math.round(m.timeMs);
  const add = (name: string, labels: Labels, value: number): void => {
    out.push({ labels: promLabels(name, labels, runLabels), samples: [{ value, timestamp }] });
  };
  for (const p of m.points) {
    if (p.kind === 'trend' && trends.histograms) {
      if (p.all) continue; // native histograms add up across series: no separate all-requests series
      const id = seriesId(p.metric, p.labels);
      let b = trends.histograms.get(id);
      if (!b) {
        b = new ExponentialBuckets();
        trends.histograms.set(id, b);
      }
      b.add(p.histogram);
      out.push({
        labels: promLabels(`k6_${p.metric}_seconds`, p.labels, runLabels),
        samples: [],
        histograms: [nativeHistogram(b, timestamp)],
      });
    } else {
      mapPoint(p, trends.stats, add);
    }
  }
  return out;
}

function mapPoint(
  p: MetricPoint,
  stats: readonly TrendStat[],
  add: (name: string, labels: Labels, value: number) => void,
): void {
  const base = p.metric.startsWith('loadsmith_') ? p.metric : `k6_${p.metric}`;
  switch (p.kind) {
    case 'counter':
      add(`${base}_total`, p.labels, p.total);
      break;
    case 'gauge':
      add(base, p.labels, p.value);
      break;
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
  return [...merged]
    .map(([n, value]) => ({ name: n, value }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function labelName(tag: string): string {
  const n = tag.replace(/[^a-zA-Z0-9_]/g, '_');
  return /^[0-9]/.test(n) || n.startsWith('__') ? `tag_${n}` : n;
}
