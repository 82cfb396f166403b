/**
 * The summary's trend statistics as the reports print them: the chosen list (summaryTrendStats) for each trend
 * metric, and the chosen percentiles a table with fixed percentile columns adds to them.
 */
import type { Summary } from '../metrics/summary.ts';
import type { TrendStats } from '../metrics/trend.ts';
import { trendStatList, type TrendStat } from '../base/trend-stats.ts';
import { fmtCount, fmtMs } from './numbers.ts';

/** The statistics this summary shows (the default list for a summary written before the choice existed). */
export function chosenStats(s: Pick<Summary, 'summaryTrendStats'>): TrendStat[] {
  return trendStatList(s.summaryTrendStats);
}

/** One statistic of a trend for people: a count as a count, the rest in ms; `-` when the summary lacks it. */
export function statText(t: TrendStats, stat: TrendStat): string {
  const v = (t as unknown as Record<string, number | undefined>)[stat.key];
  if (v === undefined) return '-';
  return stat.key === 'count' ? fmtCount(v) : fmtMs(v);
}

/**
 * A table's percentile columns: its own (`always`, e.g. [50, 95, 99]; p(50) is the median) and every further
 * percentile summaryTrendStats chose, in ascending order.
 */
export function percentileColumns(s: Pick<Summary, 'summaryTrendStats'>, always: readonly number[]): TrendStat[] {
  const own = always.map((p): TrendStat => ({ label: `p(${p})`, key: p === 50 ? 'med' : `p${p}`, percentile: p }));
  const more = chosenStats(s).filter((t) => t.percentile !== undefined && !always.includes(t.percentile));
  const unique = more.filter((t, i) => more.findIndex((u) => u.percentile === t.percentile) === i);
  return [...own, ...unique].sort((a, b) => (a.percentile as number) - (b.percentile as number));
}
