import { describe, expect, it } from 'vitest';
import { RunAggregate, PHASES } from './aggregate.ts';
import type { Phase } from './aggregate.ts';
import { MetricsRecorder } from './recorder.ts';
import { Sample, type SeriesKey } from './sample.ts';
import { exactPercentile, hist, sample, series, seriesKey, sum, uniform } from './testing.ts';

const key = (over: Partial<SeriesKey> = {}): SeriesKey => ({
  ...seriesKey('browse', '', 'List users', 'GET', 200, true),
  ...over,
});

describe('RunAggregate.add: HTTP series', () => {
  it('sums the counts of the same series across workers', () => {
    const agg = new RunAggregate();
    agg.add(sample(0, { series: [series(key(), [1000, 2000], { sent: 300, received: 4000 })] }));
    agg.add(sample(1, { series: [series(key(), [3000, 4000, 5000], { sent: 450, received: 6000 })] }));
    expect(agg.series.size).toBe(1);
    const c = [...agg.series.values()][0];
    expect(c).toMatchObject({ key: key(), reqs: 5, failed: 0, sent: 750, received: 10_000 });
    expect(c?.hist.duration.count).toBe(5);
  });

  it('keeps series apart by scenario, group, request, method, status, expected and custom tags', () => {
    const agg = new RunAggregate();
    const keys = [
      key(),
      key({ scenario: 'admin' }),
      key({ group: '::login' }),
      key({ request: 'Login' }),
      key({ method: 'POST' }),
      key({ status: 500, expected: false }),
      key({ tags: { env: 'prod' } }),
      key({ tags: { env: 'staging' } }),
      // The same status, expected under one step's expectedStatuses and not under another's.
      key({ expected: false }),
    ];
    agg.add(sample(0, { series: keys.map((k, i) => series(k, [1000 * (i + 1)], { failed: k.expected ? 0 : 1 })) }));
    agg.add(sample(1, { series: keys.map((k, i) => series(k, [1000 * (i + 1)], { failed: k.expected ? 0 : 1 })) }));
    expect(agg.series.size).toBe(keys.length);
    for (const c of agg.series.values()) {
      expect(c.reqs).toBe(2);
      expect(c.failed).toBe(c.key.expected ? 0 : 2);
    }
  });

  it('merges histograms: percentiles equal one histogram that recorded every raw value, not the average of the workers', () => {
    // Worker 0 is fast and busy, worker 1 slow and rarely served: averaging their percentiles would be wrong.
    const fast = uniform(1000, 1_000, 5_000, 11);
    const slow = uniform(100, 200_000, 400_000, 12);
    const agg = new RunAggregate();
    agg.add(sample(0, { series: [series(key(), fast)] }));
    agg.add(sample(1, { series: [series(key(), slow)] }));
    const merged = [...agg.series.values()][0]?.hist.duration;
    if (!merged) throw new Error('no series');

    const all = [...fast, ...slow];
    const one = hist(all);
    for (const p of [50, 90, 95, 99, 99.9]) {
      expect(merged.valueAtPercentile(p), `p${p}`).toBe(one.valueAtPercentile(p));
      // ...and that is the true percentile of the raw values, to 3 significant digits.
      const exact = exactPercentile(all, p);
      expect(Math.abs(merged.valueAtPercentile(p) - exact), `p${p}`).toBeLessThanOrEqual(exact / 1000);
    }
    expect([merged.count, merged.min, merged.max, merged.sum]).toEqual([
      all.length,
      Math.min(...all),
      Math.max(...all),
      sum(all),
    ]);

    const avgP99 = (hist(fast).valueAtPercentile(99) + hist(slow).valueAtPercentile(99)) / 2;
    const avgP50 = (hist(fast).valueAtPercentile(50) + hist(slow).valueAtPercentile(50)) / 2;
    // The true p99 (rank 1089 of 1100) lies in the slow worker's range; its p50 in the fast one's.
    expect(merged.valueAtPercentile(99)).toBeGreaterThan(350_000);
    expect(Math.abs(merged.valueAtPercentile(99) - avgP99)).toBeGreaterThan(100_000);
    expect(merged.valueAtPercentile(50)).toBeLessThan(5_001);
    expect(Math.abs(merged.valueAtPercentile(50) - avgP50)).toBeGreaterThan(100_000);
  });

  it('merges every phase histogram separately (a sample written before per-worker phase totals)', () => {
    const w0: Record<Phase, number[]> = {
      duration: [10_000, 12_000],
      blocked: [50, 60],
      lookup: [0, 25],
      connecting: [0, 40],
      tls: [0, 0],
      sending: [7, 8],
      waiting: [9_000, 11_000],
      receiving: [900, 1_000],
    };
    const w1: Record<Phase, number[]> = {
      duration: [30_000],
      blocked: [5_000],
      lookup: [700],
      connecting: [1_200],
      tls: [3_300],
      sending: [20],
      waiting: [29_000],
      receiving: [980],
    };
    const agg = new RunAggregate();
    agg.add(sample(0, { series: [series(key(), w0.duration, { phases: w0 })] }));
    agg.add(sample(1, { series: [series(key(), w1.duration, { phases: w1 })] }));
    const c = [...agg.series.values()][0];
    if (!c) throw new Error('no series');
    for (const p of PHASES) {
      const all = [...w0[p], ...w1[p]];
      const one = hist(all);
      // The series keeps what it was sent, and the run's phase totals are made from it.
      for (const h of [c.hist[p], agg.phases[p]]) {
        if (!h) throw new Error(`no ${p} histogram`);
        expect([h.count, h.min, h.max, h.sum], p).toEqual([3, Math.min(...all), Math.max(...all), sum(all)]);
        expect(h.valuesAtPercentiles([50, 99]), p).toEqual(one.valuesAtPercentiles([50, 99]));
      }
    }
  });

  it('accumulates successive intervals of the same worker', () => {
    const agg = new RunAggregate();
    const values = uniform(30, 1_000, 90_000, 13);
    for (let i = 0; i < 3; i++) {
      agg.add(
        sample(0, {
          interval: i,
          series: [
            series(key({ status: 500, expected: false }), values.slice(i * 10, i * 10 + 10), { failed: 10, sent: 1 }),
          ],
        }),
      );
    }
    const c = [...agg.series.values()][0];
    expect(c).toMatchObject({ reqs: 30, failed: 30, sent: 3 });
    expect(c?.hist.duration.valuesAtPercentiles([50, 95])).toEqual(hist(values).valuesAtPercentiles([50, 95]));
  });
});

describe('RunAggregate.add: checks, iterations, groups, errors, dropped', () => {
  const ck = (check: string, request = 'List users') => ({ scenario: 'browse', group: '::login', request, check });

  it('sums check passes and fails per check and keeps the first failure message', () => {
    const agg = new RunAggregate();
    agg.add(
      sample(0, {
        checks: [
          { key: ck('is 200'), pass: 9, fail: 0 },
          { key: ck('has token', 'Login'), pass: 3, fail: 1, failure: 'first' },
        ],
      }),
    );
    agg.add(
      sample(1, {
        checks: [
          { key: ck('is 200'), pass: 5, fail: 2, failure: 'status 500' },
          { key: ck('has token', 'Login'), pass: 0, fail: 4, failure: 'second' },
        ],
      }),
    );
    expect(agg.checks.size).toBe(2);
    const byName = Object.fromEntries([...agg.checks.values()].map((c) => [c.key.check, c]));
    expect(byName['is 200']).toEqual({ key: ck('is 200'), pass: 14, fail: 2, failure: 'status 500' });
    expect(byName['has token']).toEqual({ key: ck('has token', 'Login'), pass: 3, fail: 5, failure: 'first' });
  });

  it('keeps checks with the same name on different requests apart', () => {
    const agg = new RunAggregate();
    agg.add(
      sample(0, {
        checks: [
          { key: ck('is 200', 'A'), pass: 1, fail: 0 },
          { key: ck('is 200', 'B'), pass: 0, fail: 1 },
        ],
      }),
    );
    expect(agg.checks.size).toBe(2);
  });

  it('sums iterations per scenario and merges their durations', () => {
    const a = uniform(50, 10_000, 20_000, 21);
    const b = uniform(5, 900_000, 1_000_000, 22);
    const agg = new RunAggregate();
    agg.add(
      sample(0, {
        iterations: [{ scenario: 'browse', completed: a.length, interrupted: 1, duration: hist(a).toJSON() }],
      }),
    );
    agg.add(
      sample(1, {
        iterations: [
          { scenario: 'browse', completed: b.length, interrupted: 2, duration: hist(b).toJSON() },
          { scenario: 'admin', completed: 1, interrupted: 0, duration: hist([5]).toJSON() },
        ],
      }),
    );
    const it0 = agg.iterations.get('browse');
    expect([it0?.completed, it0?.interrupted]).toEqual([55, 3]);
    expect(it0?.duration.valuesAtPercentiles([50, 95, 99])).toEqual(
      hist([...a, ...b]).valuesAtPercentiles([50, 95, 99]),
    );
    expect(agg.iterations.get('admin')?.completed).toBe(1);
  });

  it('merges group durations per scenario and group', () => {
    const agg = new RunAggregate();
    agg.add(sample(0, { groups: [{ scenario: 'browse', group: '::login', duration: hist([1000, 2000]).toJSON() }] }));
    agg.add(
      sample(1, {
        groups: [
          { scenario: 'browse', group: '::login', duration: hist([9000]).toJSON() },
          { scenario: 'admin', group: '::login', duration: hist([1]).toJSON() },
        ],
      }),
    );
    expect(agg.groups.size).toBe(2);
    const g = [...agg.groups.values()].find((x) => x.scenario === 'browse');
    expect([g?.group, g?.duration.count, g?.duration.sum, g?.duration.max]).toEqual(['::login', 3, 12_000, 9000]);
  });

  it('sums errors and extraction failures by key, keeping the first message', () => {
    const agg = new RunAggregate();
    agg.add(
      sample(0, {
        errors: [{ kind: 'timeout', scenario: 'browse', request: 'Login', message: 'first', count: 2 }],
        extractFailures: [{ scenario: 'browse', request: 'Login', variable: 'token', message: 'no match', count: 1 }],
      }),
    );
    agg.add(
      sample(1, {
        errors: [
          { kind: 'timeout', scenario: 'browse', request: 'Login', message: 'second', count: 5 },
          { kind: 'reset', scenario: 'browse', request: 'Login', message: 'ECONNRESET', count: 1 },
        ],
        extractFailures: [
          { scenario: 'browse', request: 'Login', variable: 'token', message: 'other', count: 3 },
          { scenario: 'browse', request: 'Login', variable: 'id', message: 'no id', count: 1 },
        ],
      }),
    );
    expect([...agg.errors.values()]).toEqual(
      expect.arrayContaining([
        { kind: 'timeout', scenario: 'browse', request: 'Login', message: 'first', count: 7 },
        { kind: 'reset', scenario: 'browse', request: 'Login', message: 'ECONNRESET', count: 1 },
      ]),
    );
    expect(agg.errors.size).toBe(2);
    expect([...agg.extractFailures.values()]).toEqual(
      expect.arrayContaining([
        { scenario: 'browse', request: 'Login', variable: 'token', message: 'no match', count: 4 },
        { scenario: 'browse', request: 'Login', variable: 'id', message: 'no id', count: 1 },
      ]),
    );
    expect(agg.extractFailures.size).toBe(2);
  });

  it('does not alias the samples it was given', () => {
    const agg = new RunAggregate();
    const s0 = sample(0, {
      errors: [{ kind: 'timeout', scenario: 'browse', request: 'Login', message: 'm', count: 2 }],
    });
    agg.add(s0);
    agg.add(sample(1, { errors: [{ kind: 'timeout', scenario: 'browse', request: 'Login', message: 'm', count: 3 }] }));
    expect(s0.errors[0]?.count).toBe(2);
  });

  it('sums dropped iterations per scenario', () => {
    const agg = new RunAggregate();
    agg.add(sample(0, { dropped: { burst: 3 } }));
    agg.add(sample(1, { dropped: { burst: 4, steady: 1 } }));
    expect(Object.fromEntries(agg.dropped)).toEqual({ burst: 7, steady: 1 });
  });
});

describe('RunAggregate memory per request name', () => {
  it('5,000 request names cost tens of bytes of histogram each, not 8 chunked histograms', () => {
    const rec = new MetricsRecorder();
    const names = Array.from({ length: 5000 }, (_, i) =>
      rec.requestSeries({ scenario: 's', group: '', request: `step ${i}`, method: 'GET' }, () => true),
    );
    const agg = new RunAggregate();
    for (let second = 0; second < 5; second++) {
      names.forEach((n, i) =>
        n.record(
          200,
          {
            duration: 200 + ((i * 31 + second * 7) % 4000),
            blocked: 0,
            lookup: 0,
            connecting: 0,
            tls: 0,
            sending: 5,
            waiting: 190,
            receiving: 1,
          },
          1,
          1,
        ),
      );
      agg.add(Sample.parse(structuredClone(rec.flush(0, second, false, {}))));
    }
    let bytes = 0;
    for (const s of agg.series.values()) for (const h of Object.values(s.hist)) bytes += h.footprintBytes;
    // Five values each (sparse: 6 bytes per bucket, room for 8); chunked, each touched 1 KB chunks in 8 phases.
    expect(bytes / names.length).toBeLessThanOrEqual(48);
    expect(agg.phases.duration.count).toBe(5 * 5000);
  });
});
