import { describe, expect, it } from 'vitest';
import { chosenPercentiles, DEFAULT_TREND_STATS, parseTrendStat, trendStatList } from './trend-stats.ts';

describe('summaryTrendStats names (k6)', () => {
  it('reads avg, min, med, max, count and p(N) from 0 to 100, with a canonical label and JSON key', () => {
    expect(parseTrendStat('avg')).toEqual({ label: 'avg', key: 'avg' });
    expect(parseTrendStat('count')).toEqual({ label: 'count', key: 'count' });
    expect(parseTrendStat('p(99.9)')).toEqual({ label: 'p(99.9)', key: 'p99.9', percentile: 99.9 });
    expect(parseTrendStat('p(99.90)')).toEqual({ label: 'p(99.9)', key: 'p99.9', percentile: 99.9 });
    expect(parseTrendStat('p(0)')).toMatchObject({ percentile: 0 });
    expect(parseTrendStat('p(100)')).toMatchObject({ key: 'p100', percentile: 100 });
    for (const bad of ['p99', 'p(101)', 'p(100.5)', 'p()', 'P(95)', 'mean', 'p(-1)', 'p(9e1)', ' avg', 'rate'])
      expect(parseTrendStat(bad), bad).toBeUndefined();
  });

  it('lists the default when nothing was chosen, and the percentiles a summary must compute', () => {
    expect(trendStatList(undefined).map((s) => s.label)).toEqual([...DEFAULT_TREND_STATS]);
    expect(chosenPercentiles(['avg', 'p(90)', 'p(99.99)', 'count'])).toEqual([90, 99.99]);
  });
});
