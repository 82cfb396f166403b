import { describe, expect, it } from 'vitest';
import { Histogram } from './histogram.ts';
import { RunTimeline } from './run-timeline.ts';
import type { Sample } from './sample.ts';
import { hist, sample, series, seriesKey } from './testing.ts';

/** One worker's sample of an interval: `names` requests, one of each, of `durationUs` (with the phase totals). */
function interval(i: number, names: number, durationUs: number): Sample {
  const all = Array.from({ length: names }, () => durationUs);
  const totals = hist(all).toJSON();
  return sample(0, {
    interval: i,
    vus: { s: 10 },
    series: Array.from({ length: names }, (_, n) =>
      series(seriesKey('s', '', `step ${n}`, 'GET', 200, true), [durationUs]),
    ),
    phases: {
      duration: totals,
      blocked: totals,
      lookup: totals,
      connecting: totals,
      tls: totals,
      sending: totals,
      waiting: totals,
      receiving: totals,
    },
  });
}

describe('RunTimeline', () => {
  it('charts the first request names only, and says how many it charts', () => {
    const tl = new RunTimeline({ chartedRequests: 50 });
    for (let i = 0; i < 3; i++) tl.add([interval(i, 500, 1000)], i + 1, 1, 0.5);
    for (const p of tl.points) {
      expect(Object.keys(p.requests)).toHaveLength(50);
      expect(p.reqs).toBe(500); // counts and latency are still every request's
      expect(p.latency?.p50).toBe(1);
    }
    expect(Object.keys(tl.points[0]?.requests ?? {})).toEqual(Array.from({ length: 50 }, (_, n) => `step ${n}`));
    expect(tl.chartedRequests).toBe(50);
  });

  it('a 70-minute soak with 200 request names keeps a bounded timeline that adds up to every request', () => {
    const tl = new RunTimeline();
    const seconds = 4200;
    const one = interval(0, 200, 1500);
    for (let i = 0; i < seconds; i++) tl.add([{ ...one, interval: i }], i + 1, 1, 0.2);
    const points = tl.points;
    expect(points.length).toBeLessThanOrEqual(2048);
    expect(tl.resolution).toBe(4);
    expect(points.reduce((n, p) => n + p.reqs, 0)).toBe(seconds * 200);
    expect(points.at(-1)?.t).toBe(seconds);
    // Before, every second held every name: 4,200 x 200 entries, ~70 MB of JSON.
    expect(JSON.stringify(points).length).toBeLessThan(8_000_000);
  });

  it("keeps a shard's histograms per point, merged exactly when points merge", () => {
    const tl = new RunTimeline({ shard: true, maxPoints: 4 });
    const durations = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000];
    durations.forEach((d, i) => tl.add([interval(i, 2, d)], i + 1, 1, 0));
    expect(tl.seconds).toHaveLength(tl.points.length);
    expect(tl.seconds.map((s) => s.t)).toEqual([4, 8, 9]);
    const first = Histogram.fromJSON(tl.seconds[0]?.duration);
    expect(first.toJSON()).toEqual(hist([1000, 1000, 2000, 2000, 3000, 3000, 4000, 4000]).toJSON());
    expect(Histogram.fromJSON(tl.seconds[0]?.requests['step 1']).toJSON()).toEqual(
      hist([1000, 2000, 3000, 4000]).toJSON(),
    );
  });
});
