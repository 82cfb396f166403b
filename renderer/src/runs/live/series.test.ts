import { describe, expect, it } from 'vitest';
import { requestSeries, runSeries } from './series.ts';
import { point } from './testing.ts';

const named = <T extends { name: string }>(list: readonly T[], name: string): T => {
  const s = list.find((x) => x.name === name);
  if (!s) throw new Error(`no series ${name}`);
  return s;
};

describe('runSeries', () => {
  it('turns points into per-second rates, failed share, VUs and latency percentiles', () => {
    const s = runSeries([point(1, { reqs: 20, failed: 5 }), point(2, { reqs: 30, failed: 0, vus: 7 })]);
    expect(named(s.rps, 'requests/s').points).toEqual([
      [1, 20],
      [2, 30],
    ]);
    expect(named(s.rps, 'failed/s').points).toEqual([
      [1, 5],
      [2, 0],
    ]);
    expect(named(s.failedShare, 'failed %').points).toEqual([
      [1, 25],
      [2, 0],
    ]);
    expect(named(s.vus, 'active VUs').points).toEqual([
      [1, 5],
      [2, 7],
    ]);
    expect(named(s.latency, 'p(90)').points).toEqual([
      [1, 8],
      [2, 8],
    ]);
    expect(s.latency.map((x) => x.name)).toEqual(['p(50)', 'p(90)', 'p(95)', 'p(99)']);
    expect(s.arrival).toBeNull();
  });

  it('leaves gaps where no request finished, and divides by the interval length', () => {
    const s = runSeries([
      point(1, { reqs: 0, latency: null }),
      point(2, { span: 1, reqs: 8 }),
      point(2.8, { span: 0.8, reqs: 8 }),
    ]);
    expect(named(s.latency, 'p(95)').points).toEqual([
      [1, null],
      [2, 9],
      [2.8, 9],
    ]);
    expect(named(s.failedShare, 'failed %').points[0]).toEqual([1, null]);
    expect(named(s.rps, 'requests/s').points).toEqual([
      [1, 0],
      [2, 8],
      [2.8, 10],
    ]);
  });

  it('leaves a gap for the sliver of a last interval in rates and shares (a fake spike), not in levels', () => {
    const s = runSeries([point(1), point(1.05, { span: 0.05, reqs: 3, failed: 1 })]);
    // A gap, not a point: every chart's time axis still ends at the run's end.
    expect(named(s.rps, 'requests/s').points).toEqual([
      [1, 10],
      [1.05, null],
    ]);
    expect(named(s.failedShare, 'failed %').points.at(-1)).toEqual([1.05, null]);
    expect(named(s.data, 'received kB/s').points.at(-1)).toEqual([1.05, null]);
    expect(named(s.vus, 'active VUs').points).toHaveLength(2);
  });

  it('adds target vs achieved arrival rates for open-model runs', () => {
    const s = runSeries([point(1, { scheduled: 10, started: 8, dropped: 2 })]);
    expect(s.arrival?.map((x) => x.points[0])).toEqual([
      [1, 10],
      [1, 8],
      [1, 2],
    ]);
    expect(runSeries([], true).arrival).not.toBeNull();
  });
});

describe('requestSeries', () => {
  it('follows one request name: 0/s when not sent that second, latency gaps then', () => {
    const pts = [
      point(1, {
        requests: {
          A: { reqs: 4, failed: 1, p50: 2, p95: 5, p99: 7, max: 9 },
          B: { reqs: 6, failed: 0, p50: 1, p95: 1, p99: 1, max: 1 },
        },
      }),
      point(2, { requests: { B: { reqs: 6, failed: 0, p50: 1, p95: 1, p99: 1, max: 1 } } }),
    ];
    const a = requestSeries(pts, 'A');
    expect(a.charted).toBe(true);
    expect(requestSeries(pts, 'not charted').charted).toBe(false);
    expect(named(a.rate, 'requests/s').points).toEqual([
      [1, 4],
      [2, 0],
    ]);
    expect(named(a.rate, 'failed/s').points).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(named(a.latency, 'p(95)').points).toEqual([
      [1, 5],
      [2, null],
    ]);
  });

  it('keeps an hour of 50 requests cheap: one point per second for the selected one', () => {
    const requests = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`R${i}`, { reqs: i, failed: 0, p50: i, p95: i, p99: i, max: i }]),
    );
    const pts = Array.from({ length: 3600 }, (_, i) => point(i + 1, { requests }));
    const started = performance.now();
    const s = requestSeries(pts, 'R37');
    expect(performance.now() - started).toBeLessThan(200);
    expect(named(s.latency, 'p(95)').points).toHaveLength(3600);
    expect(named(s.latency, 'p(95)').points[0]).toEqual([1, 37]);
  });
});
