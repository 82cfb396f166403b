import { describe, expect, it, vi } from 'vitest';
import { Histogram } from './histogram.ts';
import { MetricsRecorder } from './recorder.ts';
import type { PhaseTimes } from './recorder.ts';
import { Sample } from './sample.ts';
import type { Sample as SampleT } from './sample.ts';
import { emptySample, hist, sum } from './testing.ts';

const base = { scenario: 'browse', group: '::login', request: 'List users', method: 'GET' };
const ok2xx3xx = (s: number): boolean => s >= 200 && s < 400;

/** Phase times (µs) where every phase differs, so a mixed-up phase shows. */
const times = (d: number): PhaseTimes => ({
  duration: d,
  blocked: d + 7,
  lookup: d + 1,
  connecting: d + 3,
  tls: 5,
  sending: 11,
  waiting: d - 20,
  receiving: 9,
});

/** Validates a flushed sample with the zod schema the coordinator uses, failing with zod's message. */
function valid(s: SampleT): SampleT {
  const r = Sample.safeParse(s);
  if (!r.success) throw new Error(`flush() output is not a valid Sample: ${r.error.message}`);
  return r.data;
}

const decode = (e: unknown): Histogram => Histogram.fromJSON(e);

/** `rec`'s sample as worker 0 flushes its first interval (not final, no VUs), validated. */
const flushed = (rec: MetricsRecorder): SampleT => valid(rec.flush(0, 0, false, {}));

/** `list` holds exactly the `expected` entries, in any order. */
function expectExactly<T>(list: readonly T[], expected: readonly T[]): void {
  expect(list).toHaveLength(expected.length);
  for (const e of expected) expect(list).toContainEqual(e);
}

describe('RequestSeries.record', () => {
  it('counts a response as failed exactly when isExpected refuses its status', () => {
    const rec = new MetricsRecorder();
    const series = rec.requestSeries(base, ok2xx3xx);
    expect(series.record(200, times(1000), 10, 20)).toBe(false);
    expect(series.record(302, times(1000), 10, 20)).toBe(false);
    expect(series.record(404, times(1000), 10, 20)).toBe(true);
    expect(series.record(500, times(1000), 10, 20)).toBe(true);
  });

  it('asks isExpected about the status it got', () => {
    const rec = new MetricsRecorder();
    const isExpected = vi.fn((s: number) => s === 201);
    const series = rec.requestSeries(base, isExpected);
    expect(series.record(201, times(1000), 0, 0)).toBe(false);
    expect(series.record(200, times(1000), 0, 0)).toBe(true);
    expect(isExpected).toHaveBeenCalledWith(201);
    expect(isExpected).toHaveBeenCalledWith(200);
  });

  it('always counts status 0 (no response) as failed, even when isExpected accepts everything', () => {
    const rec = new MetricsRecorder();
    const series = rec.requestSeries(base, () => true);
    expect(series.record(0, times(1000), 5, 0)).toBe(true);
    expect(series.record(0, times(1000), 5, 0)).toBe(true);
    const s = flushed(rec);
    expect(s.series).toHaveLength(1);
    expect(s.series[0]).toMatchObject({ key: { ...base, status: 0, expected: false }, reqs: 2, failed: 2 });
  });

  it('keeps statuses apart when they alternate: the first one and each later one', () => {
    const rec = new MetricsRecorder();
    const series = rec.requestSeries(base, ok2xx3xx);
    for (const status of [503, 200, 503, 404, 200, 200, 503]) series.record(status, times(1000), 1, 1);
    const counts = Object.fromEntries(flushed(rec).series.map((x) => [x.key.status, [x.reqs, x.failed]]));
    expect(counts).toEqual({ 200: [3, 0], 404: [1, 1], 503: [3, 3] });
  });

  it('keeps one series per status with its expected flag, counts and bytes', () => {
    const rec = new MetricsRecorder();
    const series = rec.requestSeries({ ...base, tags: { env: 'prod' } }, ok2xx3xx);
    const d200 = [1500, 2500, 4000];
    for (const [i, d] of d200.entries()) series.record(200, times(d), 100 + i, 1000 + i);
    series.record(503, times(9000), 50, 7);

    const s = valid(rec.flush(3, 7, false, { browse: 4 }));
    expect(s.series).toHaveLength(2);
    const s200 = s.series.find((x) => x.key.status === 200);
    const s503 = s.series.find((x) => x.key.status === 503);
    expect(s200?.key).toEqual({ ...base, tags: { env: 'prod' }, status: 200, expected: true });
    expect(s200).toMatchObject({ reqs: 3, failed: 0, sent: 100 + 101 + 102, received: 1000 + 1001 + 1002 });
    expect(s503?.key).toEqual({ ...base, tags: { env: 'prod' }, status: 503, expected: false });
    expect(s503).toMatchObject({ reqs: 1, failed: 1, sent: 50, received: 7 });

    if (!s200) throw new Error('no 200 series');
    // The series carry http_req_duration; the worker's totals hold every phase of all its requests.
    expect(decode(s200.duration).valuesAtPercentiles([0, 50, 100])).toEqual(
      hist(d200).valuesAtPercentiles([0, 50, 100]),
    );
    expect(s200).not.toHaveProperty('waiting');
    const all = [...d200, 9000];
    const phases = {
      duration: all,
      blocked: all.map((d) => d + 7),
      lookup: all.map((d) => d + 1),
      connecting: all.map((d) => d + 3),
      tls: [5, 5, 5, 5],
      sending: [11, 11, 11, 11],
      waiting: all.map((d) => d - 20),
      receiving: [9, 9, 9, 9],
    };
    for (const [phase, values] of Object.entries(phases)) {
      const h = decode(s.phases?.[phase as keyof typeof phases]);
      expect([h.count, h.min, h.max, h.sum], phase).toEqual([
        values.length,
        Math.min(...values),
        Math.max(...values),
        sum(values),
      ]);
    }
  });

  it('keeps the phases a tag-filtered threshold needs per series too', () => {
    const rec = new MetricsRecorder(['waiting', 'tls']);
    const series = rec.requestSeries(base, ok2xx3xx);
    for (const d of [1500, 2500]) series.record(200, times(d), 0, 0);
    const s200 = flushed(rec).series[0];
    expect([decode(s200?.duration).sum, decode(s200?.waiting).sum, decode(s200?.tls).sum]).toEqual([4000, 3960, 10]);
    expect(s200).not.toHaveProperty('sending');
  });

  it('gives each series exactly its own values when many interleave (few and many responses per series)', () => {
    const rec = new MetricsRecorder(['receiving']);
    const steps = Array.from({ length: 7 }, (_, i) => rec.requestSeries({ ...base, request: `r${i}` }, ok2xx3xx));
    const recorded = new Map<string, number[]>();
    for (let k = 0; k < 3000; k++) {
      // ~140 and ~290 per series: built from sorted values, and recorded
      const i = (k * 5) % 7;
      const status = k % 3 === 0 ? 500 : 200;
      const d = 100 + ((k * 7919) % 5000);
      steps[i]?.record(status, times(d), 0, 0);
      const id = `r${i} ${status}`;
      recorded.set(id, [...(recorded.get(id) ?? []), d]);
    }
    for (let round = 0; round < 2; round++) {
      // the second round: after a flush, nothing of the first is left
      const s = flushed(rec);
      expect(s.series).toHaveLength(round === 0 ? recorded.size : 0);
      for (const x of s.series) {
        const values = recorded.get(`${x.key.request} ${x.key.status}`) ?? [];
        expect(decode(x.duration).toJSON(), x.key.request).toEqual(hist(values).toJSON());
        expect(decode(x.receiving).count).toBe(values.length);
        expect(x.reqs).toBe(values.length);
      }
    }
  });

  it('allocates no histogram storage per request name: 5,000 names cost the same chunks as one', () => {
    const chunks = vi.spyOn(Histogram.prototype as unknown as { allocate(c: number): Uint32Array }, 'allocate');
    try {
      const rec = new MetricsRecorder();
      const names = Array.from({ length: 5000 }, (_, i) =>
        rec.requestSeries({ ...base, request: `step ${i}` }, ok2xx3xx),
      );
      for (let second = 0; second < 3; second++) {
        names.forEach((n, i) => n.record(200, times(1000 + (i % 3000)), 1, 1));
        expect(flushed(rec).series).toHaveLength(5000);
      }
      // The worker's 8 phase totals touch a few 1 KB chunks each; 8 histograms per name touched 8 chunks or more per name.
      expect(chunks.mock.calls.length).toBeLessThan(100);
    } finally {
      chunks.mockRestore();
    }
  });

  it('keeps two request steps apart even with the same status', () => {
    const rec = new MetricsRecorder();
    rec.requestSeries(base, ok2xx3xx).record(200, times(1000), 1, 1);
    rec.requestSeries({ ...base, request: 'Get user' }, ok2xx3xx).record(200, times(2000), 1, 1);
    const s = flushed(rec);
    expect(s.series.map((x) => [x.key.request, x.reqs]).sort()).toEqual([
      ['Get user', 1],
      ['List users', 1],
    ]);
  });
});

describe('MetricsRecorder.flush', () => {
  it('passes worker, interval, final and vus through', () => {
    const rec = new MetricsRecorder();
    const s = valid(rec.flush(2, 41, true, { browse: 3, admin: 1 }));
    expect(s).toMatchObject({ worker: 2, interval: 41, final: true, vus: { browse: 3, admin: 1 } });
  });

  it('is empty (and valid) when nothing was recorded', () => {
    const rec = new MetricsRecorder();
    rec.requestSeries(base, ok2xx3xx); // created but never recorded
    rec.checkCounter({ scenario: 'browse', group: '', request: 'List users' }, 'is 200');
    const s = flushed(rec);
    expect(s).toEqual(emptySample(0));
  });

  it('resets: a second flush is empty, a third holds only what came after the second', () => {
    const rec = new MetricsRecorder();
    const series = rec.requestSeries(base, ok2xx3xx);
    const check = rec.checkCounter({ scenario: 'browse', group: '::login', request: 'List users' }, 'is 200');
    series.record(200, times(1000), 10, 10);
    series.record(500, times(2000), 10, 10);
    check.pass += 2;
    check.fail += 1;
    check.failure = 'status was 500';
    rec.iteration('browse', 5000, false);
    rec.group('browse', '::login', 3000);
    rec.error('timeout', 'browse', 'List users', 'timed out after 60s');
    rec.extractFailure('browse', 'Login', 'token', 'no match');
    rec.droppedIteration('browse');

    const first = valid(rec.flush(0, 0, false, { browse: 1 }));
    expect(first.series).toHaveLength(2);
    expect(first.checks).toHaveLength(1);
    expect(first.iterations).toHaveLength(1);
    expect(first.groups).toHaveLength(1);
    expect(first.errors).toHaveLength(1);
    expect(first.extractFailures).toHaveLength(1);
    expect(first.dropped).toEqual({ browse: 1 });

    const second = valid(rec.flush(0, 1, false, { browse: 1 }));
    expect(second).toMatchObject({
      series: [],
      checks: [],
      iterations: [],
      groups: [],
      errors: [],
      extractFailures: [],
      dropped: {},
    });

    series.record(200, times(7000), 3, 4);
    check.pass += 1;
    rec.iteration('browse', 6000, false);
    rec.error('timeout', 'browse', 'List users', 'timed out after 60s');
    const third = valid(rec.flush(0, 2, true, { browse: 1 }));
    expect(third.series).toHaveLength(1);
    expect(third.series[0]).toMatchObject({ key: { status: 200 }, reqs: 1, failed: 0, sent: 3, received: 4 });
    const d = decode(third.series[0]?.duration);
    expect([d.count, d.min, d.max]).toEqual([1, 7000, 7000]);
    expect(third.checks).toEqual([
      { key: { scenario: 'browse', group: '::login', request: 'List users', check: 'is 200' }, pass: 1, fail: 0 },
    ]);
    expect(third.iterations).toHaveLength(1);
    expect(third.iterations[0]?.completed).toBe(1);
    expect(decode(third.iterations[0]?.duration).sum).toBe(6000);
    expect(third.errors).toEqual([
      { kind: 'timeout', scenario: 'browse', request: 'List users', message: 'timed out after 60s', count: 1 },
    ]);
    expect(third.groups).toEqual([]);
    expect(third.dropped).toEqual({});

    // The earlier sample was not changed by later recording.
    expect(first.series.find((x) => x.key.status === 200)?.reqs).toBe(1);
    expect(decode(first.series.find((x) => x.key.status === 200)?.duration).max).toBe(1000);
  });

  it('reports check counters with their failure message only when one was set', () => {
    const rec = new MetricsRecorder();
    const a = rec.checkCounter({ scenario: 'browse', group: '', request: 'List users' }, 'is 200');
    const b = rec.checkCounter({ scenario: 'browse', group: '::login', request: 'Login' }, 'has token');
    const idle = rec.checkCounter({ scenario: 'browse', group: '', request: 'List users' }, 'never run');
    a.pass = 5;
    b.pass = 1;
    b.fail = 2;
    b.failure = "body has no 'token'";
    const s = flushed(rec);
    expectExactly(s.checks, [
      { key: a.key, pass: 5, fail: 0 },
      { key: b.key, pass: 1, fail: 2, failure: "body has no 'token'" },
    ]);
    expect(s.checks.find((c) => c.key.check === 'is 200')).not.toHaveProperty('failure');
    expect(s.checks.some((c) => c.key.check === idle.check)).toBe(false);
    expect([a.pass, a.fail, b.pass, b.fail]).toEqual([0, 0, 0, 0]);

    // The coordinator keeps the first failure it gets: a check's later seconds send their counts without one.
    b.fail = 3;
    b.failure ??= 'a later reason';
    a.fail = 1;
    a.failure ??= 'status was 500';
    expectExactly(flushed(rec).checks, [
      { key: a.key, pass: 0, fail: 1, failure: 'status was 500' },
      { key: b.key, pass: 0, fail: 3 },
    ]);
  });

  it('counts iterations per scenario; interrupted ones are counted but their time is not in iteration_duration', () => {
    const rec = new MetricsRecorder();
    rec.iteration('browse', 1000, false);
    rec.iteration('browse', 999_999, true);
    rec.iteration('browse', 3000, false);
    rec.iteration('admin', 50, true);
    const s = flushed(rec);
    const browse = s.iterations.find((i) => i.scenario === 'browse');
    const admin = s.iterations.find((i) => i.scenario === 'admin');
    expect(browse).toMatchObject({ completed: 2, interrupted: 1 });
    const h = decode(browse?.duration);
    expect([h.count, h.min, h.max, h.sum]).toEqual([2, 1000, 3000, 4000]);
    expect(admin).toMatchObject({ completed: 0, interrupted: 1 });
    expect(decode(admin?.duration).isEmpty).toBe(true);
  });

  it('keeps group durations per scenario and group', () => {
    const rec = new MetricsRecorder();
    rec.group('browse', '::login', 1000);
    rec.group('browse', '::login', 3000);
    rec.group('browse', '::login::mfa', 500);
    rec.group('admin', '::login', 8000);
    const s = flushed(rec);
    expect(s.groups).toHaveLength(3);
    const countAndSum = (scenario: string, group: string): number[] => {
      const h = decode(s.groups.find((g) => g.scenario === scenario && g.group === group)?.duration);
      return [h.count, h.sum];
    };
    expect(countAndSum('browse', '::login')).toEqual([2, 4000]);
    expect(countAndSum('browse', '::login::mfa')).toEqual([1, 500]);
    expect(countAndSum('admin', '::login')).toEqual([1, 8000]);
  });

  it('aggregates errors by kind, scenario and request, keeping the first message', () => {
    const rec = new MetricsRecorder();
    rec.error('timeout', 'browse', 'List users', 'first timeout');
    rec.error('timeout', 'browse', 'List users', 'second timeout');
    rec.error('timeout', 'browse', 'List users', 'third timeout');
    rec.error('refused', 'browse', 'List users', 'ECONNREFUSED');
    rec.error('timeout', 'browse', 'Login', 'login timeout');
    rec.error('timeout', 'admin', 'List users', 'admin timeout');
    expectExactly(flushed(rec).errors, [
      { kind: 'timeout', scenario: 'browse', request: 'List users', message: 'first timeout', count: 3 },
      { kind: 'refused', scenario: 'browse', request: 'List users', message: 'ECONNREFUSED', count: 1 },
      { kind: 'timeout', scenario: 'browse', request: 'Login', message: 'login timeout', count: 1 },
      { kind: 'timeout', scenario: 'admin', request: 'List users', message: 'admin timeout', count: 1 },
    ]);
  });

  it('aggregates extraction failures by scenario, request and variable', () => {
    const rec = new MetricsRecorder();
    rec.extractFailure('browse', 'Login', 'token', 'no match for $.token');
    rec.extractFailure('browse', 'Login', 'token', 'other');
    rec.extractFailure('browse', 'Login', 'userId', 'no match for $.id');
    rec.extractFailure('admin', 'Login', 'token', 'no match');
    expectExactly(flushed(rec).extractFailures, [
      { scenario: 'browse', request: 'Login', variable: 'token', message: 'no match for $.token', count: 2 },
      { scenario: 'browse', request: 'Login', variable: 'userId', message: 'no match for $.id', count: 1 },
      { scenario: 'admin', request: 'Login', variable: 'token', message: 'no match', count: 1 },
    ]);
  });

  it('counts dropped iterations per scenario', () => {
    const rec = new MetricsRecorder();
    for (let i = 0; i < 4; i++) rec.droppedIteration('burst');
    rec.droppedIteration('steady');
    const s = flushed(rec);
    expect(s.dropped).toEqual({ burst: 4, steady: 1 });
  });
});
