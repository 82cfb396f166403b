import { describe, expect, it } from 'vitest';
import { Histogram } from './histogram.ts';
import type { Sample as SampleT, SeriesKey, SeriesSample } from './sample.ts';
import { emptySample, exactPercentile, hist, sample, series, seriesKey, sum, uniform } from './testing.ts';
import { timelinePoint } from './timeline.ts';

const ms = (us: number): number => us / 1000;

const key = (
  request: string,
  status: number,
  expected = status >= 200 && status < 400,
  scenario = 'browse',
): SeriesKey => seriesKey(scenario, '', request, 'GET', status, expected);

/** A series whose waiting time is its duration (1 µs in every other phase), with bytes per request. */
const timed = (k: SeriesKey, durations: readonly number[], sentEach: number, receivedEach: number): SeriesSample =>
  series(k, durations, { phases: { waiting: durations }, sentEach, receivedEach });

// Worker 0 serves many fast "List users"; worker 1 a few slow ones and the "Login"s.
const W0_LIST_200 = uniform(400, 2_000, 8_000, 1);
const W0_LIST_500 = uniform(10, 30_000, 40_000, 2);
const W1_LIST_200 = uniform(30, 400_000, 600_000, 3);
const W1_LOGIN_200 = uniform(60, 50_000, 70_000, 4);
const W1_LOGIN_0 = uniform(3, 1_000_000, 1_100_000, 5);

const W0 = sample(0, {
  interval: 4,
  vus: { browse: 3, admin: 1 },
  series: [timed(key('List users', 200), W0_LIST_200, 100, 1_000), timed(key('List users', 500), W0_LIST_500, 100, 50)],
  checks: [{ key: { scenario: 'browse', group: '', request: 'List users', check: 'is 200' }, pass: 400, fail: 10 }],
  iterations: [{ scenario: 'browse', completed: 7, interrupted: 0, duration: hist([1, 2]).toJSON() }],
  errors: [{ kind: 'timeout', scenario: 'browse', request: 'List users', message: 't', count: 2 }],
  dropped: { admin: 1 },
});
const W1 = sample(1, {
  interval: 4,
  vus: { browse: 2 },
  series: [
    timed(key('List users', 200), W1_LIST_200, 100, 1_000),
    timed(key('Login', 200), W1_LOGIN_200, 300, 200),
    timed(key('Login', 0), W1_LOGIN_0, 300, 0),
  ],
  checks: [{ key: { scenario: 'browse', group: '', request: 'Login', check: 'has token' }, pass: 55, fail: 5 }],
  iterations: [
    { scenario: 'browse', completed: 5, interrupted: 2, duration: hist([1]).toJSON() },
    { scenario: 'admin', completed: 1, interrupted: 1, duration: hist([1]).toJSON() },
  ],
  errors: [
    { kind: 'refused', scenario: 'browse', request: 'Login', message: 'r', count: 3 },
    { kind: 'timeout', scenario: 'browse', request: 'Login', message: 't', count: 1 },
  ],
  dropped: { browse: 2, admin: 4 },
});

const ALL = [...W0_LIST_200, ...W0_LIST_500, ...W1_LIST_200, ...W1_LOGIN_200, ...W1_LOGIN_0];

describe('timelinePoint', () => {
  it('passes t and span through and sums counts over workers and scenarios', () => {
    const p = timelinePoint([W0, W1], 5, 1);
    expect(p.t).toBe(5);
    expect(p.span).toBe(1);
    expect(p.vus).toBe(3 + 1 + 2);
    expect(p.reqs).toBe(ALL.length);
    expect(p.failed).toBe(W0_LIST_500.length + W1_LOGIN_0.length);
    expect(p.dataSent).toBe(
      100 * (W0_LIST_200.length + W0_LIST_500.length + W1_LIST_200.length) +
        300 * (W1_LOGIN_200.length + W1_LOGIN_0.length),
    );
    expect(p.dataReceived).toBe(
      1_000 * (W0_LIST_200.length + W1_LIST_200.length) + 50 * W0_LIST_500.length + 200 * W1_LOGIN_200.length,
    );
    expect([p.checksPass, p.checksFail]).toEqual([455, 15]);
    expect([p.iterations, p.interrupted]).toEqual([13, 3]);
    expect(p.errors).toBe(6);
    expect(p.dropped).toBe(7);
  });

  it('rps is requests over the interval’s span', () => {
    expect(timelinePoint([W0, W1], 5, 1).rps).toBe(ALL.length);
    expect(timelinePoint([W0, W1], 5.5, 0.5).rps).toBe(ALL.length / 0.5);
    expect(timelinePoint([W0, W1], 6.25, 1.25).rps).toBeCloseTo(ALL.length / 1.25, 12);
    expect(timelinePoint([W0, W1], 5, 0).rps).toBe(0);
  });

  it('counts responses per status over all requests and workers', () => {
    expect(timelinePoint([W0, W1], 5, 1).statuses).toEqual({
      200: W0_LIST_200.length + W1_LIST_200.length + W1_LOGIN_200.length,
      500: W0_LIST_500.length,
      0: W1_LOGIN_0.length,
    });
  });

  it('latency comes from the merged histogram of all workers, in ms', () => {
    const p = timelinePoint([W0, W1], 5, 1);
    const one = hist(ALL);
    expect(p.latency).not.toBeNull();
    expect(p.latency?.p50).toBe(ms(one.valueAtPercentile(50)));
    expect(p.latency?.p90).toBe(ms(one.valueAtPercentile(90)));
    expect(p.latency?.p95).toBe(ms(one.valueAtPercentile(95)));
    expect(p.latency?.p99).toBe(ms(one.valueAtPercentile(99)));
    expect(p.latency?.max).toBe(ms(Math.max(...ALL)));
    expect(p.latency?.avg).toBeCloseTo(ms(sum(ALL) / ALL.length), 9);
    for (const q of [50, 90, 95, 99] as const) {
      const exact = ms(exactPercentile(ALL, q));
      expect(Math.abs((p.latency?.[`p${q}`] ?? NaN) - exact), `p${q}`).toBeLessThanOrEqual(exact / 1000);
    }
  });

  it('latency percentiles are not the average of the workers’ percentiles', () => {
    const p = timelinePoint([W0, W1], 5, 1);
    const own = (s: SampleT) => timelinePoint([s], 5, 1).latency;
    const [a, b] = [own(W0), own(W1)];
    if (!a || !b || !p.latency) throw new Error('expected latency');
    // Worker 0 has 410 fast requests, worker 1 93 slow ones: the median of all is a fast one.
    expect(p.latency.p50).toBeLessThan(10);
    expect(Math.abs(p.latency.p50 - (a.p50 + b.p50) / 2)).toBeGreaterThan(20);
    expect(Math.abs(p.latency.p90 - (a.p90 + b.p90) / 2)).toBeGreaterThan(100);
    expect(Math.abs(p.latency.p95 - (a.p95 + b.p95) / 2)).toBeGreaterThan(100);
  });

  it('keeps a point per request name, merged over statuses and workers', () => {
    const p = timelinePoint([W0, W1], 5, 1);
    expect(Object.keys(p.requests).sort()).toEqual(['List users', 'Login']);
    const list = [...W0_LIST_200, ...W0_LIST_500, ...W1_LIST_200];
    const login = [...W1_LOGIN_200, ...W1_LOGIN_0];
    const expectPoint = (name: string, values: number[], failed: number): void => {
      const h = hist(values);
      expect(p.requests[name], name).toEqual({
        reqs: values.length,
        failed,
        p50: ms(h.valueAtPercentile(50)),
        p95: ms(h.valueAtPercentile(95)),
        p99: ms(h.valueAtPercentile(99)),
        max: ms(Math.max(...values)),
      });
    };
    expectPoint('List users', list, W0_LIST_500.length);
    expectPoint('Login', login, W1_LOGIN_0.length);
  });

  it('latency is null and requests/statuses are empty when no request finished', () => {
    const idle = sample(0, {
      interval: 4,
      vus: { browse: 4 },
      iterations: [{ scenario: 'browse', completed: 0, interrupted: 1, duration: new Histogram().toJSON() }],
      dropped: { browse: 2 },
    });
    const p = timelinePoint([idle], 10, 1);
    expect(p.latency).toBeNull();
    expect(p).toMatchObject({
      vus: 4,
      reqs: 0,
      rps: 0,
      failed: 0,
      interrupted: 1,
      dropped: 2,
      requests: {},
      statuses: {},
    });
  });

  it('is all zeros for an interval with no samples', () => {
    expect(timelinePoint([], 3, 1)).toEqual({
      t: 3,
      span: 1,
      vus: 0,
      reqs: 0,
      rps: 0,
      failed: 0,
      iterations: 0,
      interrupted: 0,
      dataSent: 0,
      dataReceived: 0,
      checksPass: 0,
      checksFail: 0,
      errors: 0,
      dropped: 0,
      scheduled: 0,
      started: 0,
      lag: null,
      generator: { cpu: 0, elu: 0, loopDelayP99Ms: 0 },
      latency: null,
      requests: {},
      statuses: {},
    });
  });

  it('reports the busiest worker: the highest event-loop utilisation and loop delay of the interval', () => {
    const health = (elu: number, d: number) => ({
      ...emptySample(0),
      health: { elu, loopDelayP99Ms: d, loopDelayMaxMs: d },
    });
    expect(timelinePoint([health(0.4, 12), health(0.95, 3)], 1, 1).generator).toEqual({
      cpu: 0,
      elu: 0.95,
      loopDelayP99Ms: 12,
    });
  });
});
