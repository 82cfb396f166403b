/**
 * Which statistics of a trend an output sends, in k6's spelling (`K6_PROMETHEUS_RW_TREND_STATS`):
 * `p(95)`, `p(99.9)`, `med`, `avg`, `min`, `max`, `count`, `sum`. Percentiles, med, avg, min and max describe
 * the interval (one second); count and sum are running totals, as Prometheus expects of `_count` and `_sum`.
 */
import type { Histogram } from '../metrics/histogram.ts';

export interface TrendStat {
  /** The series suffix: p95, p999, med, avg, ... */
  key: string;
  /** Percentile (0-100) for p(N) and med. */
  percentile?: number;
}

export const DEFAULT_TREND_STATS = 'p(50),p(90),p(95),p(99),min,max,avg,count';

const NAMED = new Set(['avg', 'min', 'max', 'med', 'count', 'sum']);

/** Parses a comma-separated list; throws an Error naming the entry that is not a statistic. */
export function parseTrendStats(text: string): TrendStat[] {
  const stats: TrendStat[] = [];
  for (const raw of text.split(',')) {
    const s = raw.trim();
    if (s === '') continue;
    const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(s);
    let stat: TrendStat;
    if (p) {
      const n = Number(p[1]);
      if (!(n > 0 && n <= 100)) throw new Error(`'${s}': a percentile is between 0 and 100, such as p(95) or p(99.9)`);
      stat = { key: `p${p[1]!.replace('.', '')}`, percentile: n };
    } else if (NAMED.has(s)) {
      stat = s === 'med' ? { key: 'med', percentile: 50 } : { key: s };
    } else {
      throw new Error(`'${s}' is not a trend statistic: use p(N), med, avg, min, max, count or sum`);
    }
    if (!stats.some((x) => x.key === stat.key)) stats.push(stat);
  }
  if (stats.length === 0) throw new Error('no trend statistic given: e.g. p(95),p(99),max');
  return stats;
}

/** Each statistic's value; times in µs as recorded (the caller converts), count as a number of values. */
export function trendStatValues(
  stats: readonly TrendStat[],
  h: Histogram,
  totalCount: number,
  totalSum: number,
): number[] {
  const ps = stats.flatMap((s) => (s.percentile === undefined ? [] : [s.percentile]));
  const pv = ps.length > 0 && !h.isEmpty ? h.valuesAtPercentiles(ps) : ps.map(() => 0);
  let k = 0;
  return stats.map((s) => {
    if (s.percentile !== undefined) return pv[k++]!;
    switch (s.key) {
      case 'avg':
        return h.mean;
      case 'min':
        return h.min;
      case 'max':
        return h.max;
      case 'count':
        return totalCount;
      default:
        return totalSum;
    }
  });
}
