/** Trend statistics in milliseconds, from a histogram in microseconds (exact min/max/avg, HDR percentiles). */
import type { Histogram } from './histogram.ts';

/**
 * The statistics every trend has, and `pN` (`p99.9`, `p75`) for each further percentile the run chose
 * (summaryTrendStats): always computed from the one merged histogram, never averaged.
 */
export interface TrendStats {
  count: number;
  avg: number;
  min: number;
  med: number;
  max: number;
  p90: number;
  p95: number;
  p99: number;
  [percentile: `p${number}`]: number;
}

const ms = (us: number): number => us / 1000;
const STANDARD = new Set([90, 95, 99]);

/** `extra`: further percentiles (0..100) to add as `pN`; those always present are not computed twice. */
export function trendStats(h: Histogram, extra: readonly number[] = []): TrendStats {
  const more = extra.filter((p) => !STANDARD.has(p));
  if (h.isEmpty) {
    const out: TrendStats = { count: 0, avg: 0, min: 0, med: 0, max: 0, p90: 0, p95: 0, p99: 0 };
    for (const p of more) out[`p${p}`] = 0;
    return out;
  }
  const [med, p90, p95, p99, ...rest] = h.valuesAtPercentiles([50, 90, 95, 99, ...more]) as [
    number,
    number,
    number,
    number,
    ...number[],
  ];
  const out: TrendStats = {
    count: h.count,
    avg: ms(h.mean),
    min: ms(h.min),
    med: ms(med),
    max: ms(h.max),
    p90: ms(p90),
    p95: ms(p95),
    p99: ms(p99),
  };
  more.forEach((p, i) => {
    out[`p${p}`] = ms(rest[i] as number);
  });
  return out;
}
