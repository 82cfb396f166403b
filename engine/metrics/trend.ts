/** Trend statistics in milliseconds, from a histogram in microseconds (exact min/max/avg, HDR percentiles). */
import type { Histogram } from './histogram.ts';

export interface TrendStats { count: number; avg: number; min: number; med: number; max: number; p90: number; p95: number; p99: number }

const ms = (us: number): number => us / 1000;

export function trendStats(h: Histogram): TrendStats {
  if (h.isEmpty) return { count: 0, avg: 0, min: 0, med: 0, max: 0, p90: 0, p95: 0, p99: 0 };
  const [med, p90, p95, p99] = h.valuesAtPercentiles([50, 90, 95, 99]) as [number, number, number, number];
  return { count: h.count, avg: ms(h.mean), min: ms(h.min), med: ms(med), max: ms(h.max), p90: ms(p90), p95: ms(p95), p99: ms(p99) };
}

/** A percentile in ms. */
export function percentileMs(h: Histogram, p: number): number {
  return ms(h.valueAtPercentile(p));
}
