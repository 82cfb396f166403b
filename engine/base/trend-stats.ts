/**
 * k6's `summaryTrendStats`: the statistics the summary shows for each trend metric (`avg`, `min`, `med`, `max`,
 * `count`, `p(N)` with N from 0 to 100, e.g. `p(99.9)`). Pure: the plan schema, the CLI and the reports share it.
 */

/** A statistic as written: avg, min, med, max, count or p(N). */
export const TREND_STAT_PATTERN = '^(avg|min|med|max|count|p\\((100(\\.0+)?|\\d{1,2}(\\.\\d+)?)\\))$';
const STAT = new RegExp(TREND_STAT_PATTERN);

export const TREND_STAT_HINT =
  'a trend statistic is avg, min, med, max, count or p(N) with N from 0 to 100, e.g. p(99.9)';

/** What the summary shows when neither the plan nor --summary-trend-stats chooses (k6's default, and p(99)). */
export const DEFAULT_TREND_STATS: readonly string[] = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'];

/** One chosen statistic: its label (`p(99.9)`), its key in the summary JSON (`p99.9`) and, for p(N), N. */
export interface TrendStat {
  label: string;
  key: string;
  percentile?: number;
}

/** The statistic `text` names, or undefined when it names none. */
export function parseTrendStat(text: string): TrendStat | undefined {
  if (!STAT.test(text)) return undefined;
  if (!text.startsWith('p(')) return { label: text, key: text };
  const n = Number(text.slice(2, -1));
  return { label: `p(${n})`, key: `p${n}`, percentile: n };
}

/** The chosen statistics (valid names: the schema and the CLI checked them); the default list when none. */
export function trendStatList(names: readonly string[] | undefined): TrendStat[] {
  return (names ?? DEFAULT_TREND_STATS).flatMap((n) => parseTrendStat(n) ?? []);
}

/** The percentiles among `names` (the ones a summary computes for them). */
export function chosenPercentiles(names: readonly string[] | undefined): number[] {
  return trendStatList(names).flatMap((s) => (s.percentile === undefined ? [] : [s.percentile]));
}
