import { describe, expect, it } from 'vitest';
import { aggregateOf, hist, sample, series, seriesKey } from './testing.ts';
import { liveTotals } from './live-totals.ts';

describe('live totals', () => {
  it('gives per-request percentiles from merged histograms, statuses, checks and errors', () => {
    const a = [1_000, 2_000, 3_000];
    const b = [40_000, 50_000];
    const agg = aggregateOf([
      sample(0, {
        series: [
          series(seriesKey('s', '', 'login', 'POST', 200, true), a),
          series(seriesKey('s', '', 'login', 'POST', 500, false), b),
          series(seriesKey('s', '', 'both', 'GET', 200, true), [100]),
          series(seriesKey('s', '', 'both', 'PUT', 200, true), [100]),
        ],
        checks: [{ key: { scenario: 's', group: '', request: 'login', check: 'status is 200' }, pass: 3, fail: 2 }],
        errors: [{ kind: 'reset', scenario: 's', request: 'login', message: 'read ECONNRESET', count: 4 }],
      }),
      sample(1, { series: [series(seriesKey('s', '', 'other', 'GET', 200, true), [500])] }),
    ]);
    const t = liveTotals(agg, 2);
    const login = t.requests.find((r) => r.name === 'login');
    const all = hist([...a, ...b]);
    expect(login).toMatchObject({
      method: 'POST',
      count: 5,
      rate: 2.5,
      failed: 2,
      checksPass: 3,
      checksFail: 2,
      max: 50,
    });
    expect(t.requests.find((r) => r.name === 'both')?.method).toBeNull(); // one name, two methods: no single badge
    expect(login?.p95).toBe(all.valueAtPercentile(95) / 1000);
    expect(t.statuses).toEqual({ 200: 6, 500: 2 });
    expect(t.errors).toEqual([{ kind: 'reset', request: 'login', count: 4, message: 'read ECONNRESET' }]);

    // Without per-request totals (the CLI's): the same statuses and errors, no requests.
    const lean = liveTotals(agg, 2, { requests: false });
    expect(lean).toEqual({ requests: [], statuses: t.statuses, errors: t.errors });
  });
});
