import { describe, expect, it } from 'vitest';
import { RunAggregate } from './aggregate.ts';
import type { Phase } from './aggregate.ts';
import type { SeriesKey } from './sample.ts';
import { buildSummary } from './summary.ts';
import type { MetricSummary, SummaryInput } from './summary.ts';
import {
  aggregateOf,
  failedOf,
  halves,
  hist,
  rawSeries,
  receivedOf,
  reqsOf,
  sample,
  sentOf,
  seriesHalf,
  seriesKey as key,
  sum,
  uniform,
  valuesOf,
} from './testing.ts';
import type { PhaseShape, RawSeries } from './testing.ts';
import type { ThresholdState } from './thresholds/evaluate.ts';
import { Thresholds } from './thresholds/evaluate.ts';
import { timelinePoint } from './timeline.ts';
import type { TimelinePoint } from './timeline.ts';

/** k6 trend statistics in ms from raw µs values: exact count/avg/min/max, percentiles from a fresh HDR histogram. */
function expectedTrend(values: readonly number[]) {
  const h = hist(values);
  return {
    count: values.length,
    avg: sum(values) / values.length / 1000,
    min: Math.min(...values) / 1000,
    max: Math.max(...values) / 1000,
    med: h.valueAtPercentile(50) / 1000,
    p90: h.valueAtPercentile(90) / 1000,
    p95: h.valueAtPercentile(95) / 1000,
    p99: h.valueAtPercentile(99) / 1000,
  };
}

function expectTrend(actual: unknown, values: readonly number[], label: string): void {
  const want = expectedTrend(values);
  const got = actual as Record<string, number>;
  for (const [k, v] of Object.entries(want)) expect(got[k], `${label}.${k}`).toBeCloseTo(v, 9);
}

// ---------------------------------------------------------------------------------------------------------------
// Fixture: raw values per series; two workers each send half.

const SHAPE: PhaseShape = {
  blocked: (d) => 1 + (d % 500),
  lookup: (d, i) => (i % 4 === 0 ? 100 + (d % 50) : 0),
  connecting: (d, i) => (i % 4 === 0 ? 200 + (d % 300) : 0),
  tls: (d, i) => (i % 8 === 0 ? 900 + (d % 700) : 0),
  sending: (d) => 20 + (d % 30),
  waiting: (d) => d - 100 - (d % 30),
  receiving: () => 80,
};
const raw = (k: SeriesKey, durations: number[], sentEach: number, receivedEach: number): RawSeries =>
  rawSeries(k, durations, SHAPE, { sentEach, receivedEach });

const RAW: RawSeries[] = [
  raw(key('browse', '', 'List users', 'GET', 200, true), uniform(300, 3_000, 40_000, 1), 120, 4_000),
  raw(key('browse', '', 'List users', 'GET', 404, false), uniform(12, 1_000, 2_000, 2), 120, 90),
  raw(key('browse', '::login', 'Login', 'POST', 200, true), uniform(80, 60_000, 250_000, 3), 400, 700),
  raw(key('browse', '::login', 'Login', 'POST', 0, false), uniform(4, 900_000, 1_000_000, 4), 400, 0),
  raw(key('admin', '', 'List users', 'GET', 200, true), uniform(40, 500, 900, 5), 110, 3_900),
];
const ITER = { browse: uniform(50, 300_000, 900_000, 6), admin: uniform(40, 1_000, 2_000, 7) };
const GROUPS = [{ scenario: 'browse', group: '::login', values: uniform(84, 70_000, 900_000, 8) }];

/** Worker `w`'s half of `xs` (the first worker gets the shorter half). */
const half = <T>(xs: readonly T[], w: 0 | 1): T[] => halves(xs, 'down')[w];

function workerSample(w: 0 | 1) {
  return sample(w, {
    final: true,
    series: RAW.map((r) => seriesHalf(r, w, 'down')),
    checks:
      w === 0
        ? [
            {
              key: { scenario: 'browse', group: '', request: 'List users', check: 'is 200' },
              pass: 150,
              fail: 6,
              failure: 'status was 404',
            },
          ]
        : [
            { key: { scenario: 'browse', group: '', request: 'List users', check: 'is 200' }, pass: 150, fail: 6 },
            { key: { scenario: 'browse', group: '::login', request: 'Login', check: 'has token' }, pass: 80, fail: 0 },
          ],
    iterations: [
      {
        scenario: 'browse',
        completed: half(ITER.browse, w).length,
        interrupted: w,
        duration: hist(half(ITER.browse, w)).toJSON(),
      },
      {
        scenario: 'admin',
        completed: half(ITER.admin, w).length,
        interrupted: 0,
        duration: hist(half(ITER.admin, w)).toJSON(),
      },
    ],
    groups: GROUPS.map((g) => ({ scenario: g.scenario, group: g.group, duration: hist(half(g.values, w)).toJSON() })),
    errors:
      w === 0
        ? [{ kind: 'timeout', scenario: 'browse', request: 'Login', message: 'timed out', count: 1 }]
        : [
            { kind: 'timeout', scenario: 'browse', request: 'Login', message: 'timed out', count: 2 },
            { kind: 'refused', scenario: 'browse', request: 'Login', message: 'ECONNREFUSED', count: 5 },
          ],
    extractFailures:
      w === 0
        ? [{ scenario: 'browse', request: 'Login', variable: 'token', message: 'no match', count: 1 }]
        : [{ scenario: 'browse', request: 'Login', variable: 'id', message: 'no id', count: 3 }],
    dropped: w === 0 ? { admin: 2 } : { admin: 1, browse: 4 },
  });
}

const aggregate = (): RunAggregate => aggregateOf([workerSample(0), workerSample(1)]);

/** Three 1 s points and a last 0.5 s one; vus as the coordinator would see them. */
function timeline(vus: number[]): TimelinePoint[] {
  return vus.map((v, i) =>
    timelinePoint([sample(0, { interval: i, final: i === vus.length - 1, vus: { browse: v } })], i + 1, 1),
  );
}

const STARTED = new Date('2024-05-01T10:00:00.000Z');

function input(over: Partial<SummaryInput> = {}): SummaryInput {
  return {
    agg: aggregate(),
    thresholds: [],
    timeline: timeline([2, 5, 4, 3]),
    scenarios: [
      {
        name: 'browse',
        executor: 'ramping-vus',
        description: 'Browsing users',
        maxVus: 5,
        startMs: 0,
        regularMs: 4000,
      },
      { name: 'admin', executor: 'constant-arrival-rate', description: '', maxVus: 2, startMs: 0, regularMs: 4000 },
      { name: 'idle', executor: 'shared-iterations', description: '', maxVus: 1, startMs: 0, regularMs: 4000 },
    ],
    plan: { name: 'Demo', file: 'plans/demo.yaml' },
    startedAt: STARTED,
    durationMs: 2_500,
    stoppedBy: 'completed',
    vusMax: 12,
    workers: 2,
    cpus: 8,
    version: '0.1.0',
    notes: ['a note'],
    ...over,
  };
}

const values = (pred: (k: SeriesKey) => boolean, p: Phase = 'duration'): number[] =>
  valuesOf(
    RAW.filter((r) => pred(r.key)),
    p,
  );
const ALL = valuesOf(RAW);
const REQS = ALL.length;
const FAILED = failedOf(RAW);
const SENT = sentOf(RAW);
const RECEIVED = receivedOf(RAW);

/** Responses per status code over the series `rs`. */
function statusesOf(rs: readonly RawSeries[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rs) out[String(r.key.status)] = (out[String(r.key.status)] ?? 0) + r.phases.duration.length;
  return out;
}

/** k6's built-in metric types, written out independently of the registry. */
const K6_TYPES: Record<string, string> = {
  http_reqs: 'counter',
  http_req_failed: 'rate',
  http_req_duration: 'trend',
  http_req_blocked: 'trend',
  http_req_looking_up: 'trend',
  http_req_connecting: 'trend',
  http_req_tls_handshaking: 'trend',
  http_req_sending: 'trend',
  http_req_waiting: 'trend',
  http_req_receiving: 'trend',
  data_sent: 'counter',
  data_received: 'counter',
  iterations: 'counter',
  iteration_duration: 'trend',
  vus: 'gauge',
  vus_max: 'gauge',
  checks: 'rate',
  group_duration: 'trend',
  dropped_iterations: 'counter',
};

const metric = <T extends MetricSummary['type']>(
  m: Record<string, MetricSummary>,
  name: string,
  type: T,
): Extract<MetricSummary, { type: T }> => {
  const x = m[name];
  if (!x || x.type !== type) throw new Error(`metric ${name} is ${x ? x.type : 'missing'}, expected ${type}`);
  return x as Extract<MetricSummary, { type: T }>;
};

// ---------------------------------------------------------------------------------------------------------------

describe('buildSummary: metrics', () => {
  const s = buildSummary(input());

  it('has the k6 metric names with their k6 types and units', () => {
    expect(Object.keys(s.metrics).sort()).toEqual(Object.keys(K6_TYPES).sort());
    for (const [name, type] of Object.entries(K6_TYPES)) expect(s.metrics[name]?.type, name).toBe(type);
    for (const name of [
      'http_req_duration',
      'http_req_blocked',
      'http_req_looking_up',
      'http_req_connecting',
      'http_req_tls_handshaking',
      'http_req_sending',
      'http_req_waiting',
      'http_req_receiving',
      'iteration_duration',
      'group_duration',
    ]) {
      expect(s.metrics[name], name).toMatchObject({ unit: 'ms' });
    }
    expect(s.metrics.data_sent).toMatchObject({ unit: 'bytes' });
    expect(s.metrics.data_received).toMatchObject({ unit: 'bytes' });
    expect(s.metrics.http_reqs).toMatchObject({ unit: 'count' });
  });

  it('leaves out checks, group_duration and dropped_iterations when there were none (as k6)', () => {
    const e = buildSummary(input({ agg: new RunAggregate(), timeline: [] }));
    expect(Object.keys(e.metrics).sort()).toEqual(
      Object.keys(K6_TYPES)
        .filter((n) => !['checks', 'group_duration', 'dropped_iterations'].includes(n))
        .sort(),
    );
    expect(metric(e.metrics, 'http_reqs', 'counter')).toMatchObject({ count: 0, rate: 0 });
    expect(metric(e.metrics, 'http_req_failed', 'rate')).toMatchObject({ rate: 0, passes: 0, fails: 0 });
    expect(metric(e.metrics, 'http_req_duration', 'trend')).toMatchObject({ count: 0, avg: 0, med: 0, p99: 0 });
    expect(metric(e.metrics, 'vus', 'gauge')).toEqual({ type: 'gauge', value: 0, min: 0, max: 0 });
    expect([e._total, e._rps, e._p50, e._p99]).toEqual([0, 0, 0, 0]);
  });

  it('http_reqs: all requests and their rate over the measured duration', () => {
    expect(metric(s.metrics, 'http_reqs', 'counter')).toMatchObject({ count: REQS });
    expect(metric(s.metrics, 'http_reqs', 'counter').rate).toBeCloseTo(REQS / 2.5, 12);
  });

  it('http_req_failed: the share of failed requests; passes count the failed ones (k6 counts true values)', () => {
    const m = metric(s.metrics, 'http_req_failed', 'rate');
    expect(m.rate).toBeCloseTo(FAILED / REQS, 12);
    expect([m.passes, m.fails]).toEqual([FAILED, REQS - FAILED]);
  });

  it('http_req_* trends are merged over all series and workers, in ms', () => {
    expectTrend(s.metrics.http_req_duration, ALL, 'http_req_duration');
    const phases = [
      ['http_req_blocked', 'blocked'],
      ['http_req_looking_up', 'lookup'],
      ['http_req_connecting', 'connecting'],
      ['http_req_tls_handshaking', 'tls'],
      ['http_req_sending', 'sending'],
      ['http_req_waiting', 'waiting'],
      ['http_req_receiving', 'receiving'],
    ] as const;
    for (const [name, p] of phases)
      expectTrend(
        s.metrics[name],
        values(() => true, p),
        name,
      );
  });

  it('data_sent and data_received in bytes and bytes per second', () => {
    expect(metric(s.metrics, 'data_sent', 'counter').count).toBe(SENT);
    expect(metric(s.metrics, 'data_sent', 'counter').rate).toBeCloseTo(SENT / 2.5, 9);
    expect(metric(s.metrics, 'data_received', 'counter').count).toBe(RECEIVED);
    expect(metric(s.metrics, 'data_received', 'counter').rate).toBeCloseTo(RECEIVED / 2.5, 9);
  });

  it('iterations, iteration_duration, group_duration, dropped_iterations', () => {
    const n = ITER.browse.length + ITER.admin.length;
    expect(metric(s.metrics, 'iterations', 'counter').count).toBe(n);
    expect(metric(s.metrics, 'iterations', 'counter').rate).toBeCloseTo(n / 2.5, 12);
    expectTrend(s.metrics.iteration_duration, [...ITER.browse, ...ITER.admin], 'iteration_duration');
    expectTrend(
      s.metrics.group_duration,
      GROUPS.flatMap((g) => g.values),
      'group_duration',
    );
    expect(metric(s.metrics, 'dropped_iterations', 'counter').count).toBe(7);
    expect(metric(s.metrics, 'dropped_iterations', 'counter').rate).toBeCloseTo(7 / 2.5, 12);
  });

  it('checks: share of passed checks', () => {
    const m = metric(s.metrics, 'checks', 'rate');
    expect([m.passes, m.fails]).toEqual([380, 12]);
    expect(m.rate).toBeCloseTo(380 / 392, 12);
  });

  it('vus from the timeline (last, min, max); vus_max from the run', () => {
    expect(metric(s.metrics, 'vus', 'gauge')).toEqual({ type: 'gauge', value: 3, min: 2, max: 5 });
    expect(metric(s.metrics, 'vus_max', 'gauge')).toEqual({ type: 'gauge', value: 12, min: 12, max: 12 });
    const t = buildSummary(input({ timeline: timeline([0, 9, 1, 0]) }));
    expect(metric(t.metrics, 'vus', 'gauge')).toEqual({ type: 'gauge', value: 0, min: 0, max: 9 });
  });

  it('_total, _rps, _p50 and _p99 agree with the metrics and with the raw values', () => {
    const d = metric(s.metrics, 'http_req_duration', 'trend');
    const r = metric(s.metrics, 'http_reqs', 'counter');
    expect(s._total).toBe(r.count);
    expect(s._rps).toBe(r.rate);
    expect(s._p50).toBe(d.med);
    expect(s._p99).toBe(d.p99);
    const h = hist(ALL);
    expect(s._total).toBe(REQS);
    expect(s._rps).toBeCloseTo(REQS / 2.5, 12);
    expect(s._p50).toBe(h.valueAtPercentile(50) / 1000);
    expect(s._p99).toBe(h.valueAtPercentile(99) / 1000);
  });

  it('rates use durationMs, not the timeline length', () => {
    const t = buildSummary(input({ durationMs: 10_000 }));
    expect(t._rps).toBeCloseTo(REQS / 10, 12);
    expect(metric(t.metrics, 'data_sent', 'counter').rate).toBeCloseTo(SENT / 10, 9);
    expect(t.requests.every((r) => Math.abs(r.rate - r.count / 10) < 1e-9)).toBe(true);
  });

  it('rates are 0 when no time was measured', () => {
    const t = buildSummary(input({ durationMs: 0 }));
    expect(t._rps).toBe(0);
    for (const n of ['http_reqs', 'data_sent', 'data_received', 'iterations', 'dropped_iterations'])
      expect(metric(t.metrics, n, 'counter').rate, n).toBe(0);
    expect(t.requests.every((r) => r.rate === 0)).toBe(true);
  });
});

describe('buildSummary: requests, statuses and lists', () => {
  const s = buildSummary(input());

  it('has one row per scenario, request and method, merged over statuses', () => {
    expect(s.requests).toHaveLength(3);
    const row = (scenario: string, name: string) => s.requests.find((r) => r.scenario === scenario && r.name === name);
    const check = (scenario: string, name: string, method: string): void => {
      const pred = (k: SeriesKey): boolean => k.scenario === scenario && k.request === name;
      const rs = RAW.filter((r) => pred(r.key));
      const count = reqsOf(rs);
      const failed = failedOf(rs);
      const statuses = statusesOf(rs);
      const got = row(scenario, name);
      expect(got, `${scenario}/${name}`).toMatchObject({ scenario, name, method, count, failed, statuses });
      expect(got?.rate).toBeCloseTo(count / 2.5, 12);
      expect(got?.failedRate).toBeCloseTo(failed / count, 12);
      expectTrend(got?.duration, values(pred), `${scenario}/${name}`);
    };
    check('browse', 'List users', 'GET');
    check('browse', 'Login', 'POST');
    check('admin', 'List users', 'GET');
    expect(row('admin', 'List users')?.failedRate).toBe(0);
  });

  it('counts responses per status code', () => {
    expect(s.statuses).toEqual(statusesOf(RAW));
    expect(sum(Object.values(s.statuses))).toBe(REQS);
  });

  it('lists checks with a failure message only when there was one', () => {
    expect(s.checks).toHaveLength(2);
    expect(s.checks).toContainEqual({
      scenario: 'browse',
      group: '',
      request: 'List users',
      name: 'is 200',
      passes: 300,
      fails: 12,
      failure: 'status was 404',
    });
    expect(s.checks).toContainEqual({
      scenario: 'browse',
      group: '::login',
      request: 'Login',
      name: 'has token',
      passes: 80,
      fails: 0,
    });
    expect(s.checks.find((c) => c.name === 'has token')).not.toHaveProperty('failure');
  });

  it('lists groups with their duration stats', () => {
    expect(s.groups).toHaveLength(1);
    expect(s.groups[0]).toMatchObject({ scenario: 'browse', group: '::login' });
    expectTrend(s.groups[0]?.duration, GROUPS[0]?.values ?? [], 'group ::login');
  });

  it('lists errors and extraction failures, most frequent first', () => {
    expect(s.errors).toEqual([
      { kind: 'refused', scenario: 'browse', request: 'Login', message: 'ECONNREFUSED', count: 5 },
      { kind: 'timeout', scenario: 'browse', request: 'Login', message: 'timed out', count: 3 },
    ]);
    expect(s.extractFailures).toEqual([
      { scenario: 'browse', request: 'Login', variable: 'id', message: 'no id', count: 3 },
      { scenario: 'browse', request: 'Login', variable: 'token', message: 'no match', count: 1 },
    ]);
  });

  it('adds iterations, interruptions and drops to each scenario (zero for one that never ran)', () => {
    // Their requests and checks: scenario-requests.test.ts.
    expect(s.scenarios.map(({ requests: _r, checks: _c, ...rest }) => rest)).toEqual([
      {
        name: 'browse',
        executor: 'ramping-vus',
        description: 'Browsing users',
        maxVus: 5,
        iterations: ITER.browse.length,
        interrupted: 1,
        dropped: 4,
      },
      {
        name: 'admin',
        executor: 'constant-arrival-rate',
        description: '',
        maxVus: 2,
        iterations: ITER.admin.length,
        interrupted: 0,
        dropped: 3,
      },
      {
        name: 'idle',
        executor: 'shared-iterations',
        description: '',
        maxVus: 1,
        iterations: 0,
        interrupted: 0,
        dropped: 0,
      },
    ]);
    const browse = values((k) => k.scenario === 'browse');
    expect(s.scenarios.map((x) => x.requests?.count)).toEqual([browse.length, REQS - browse.length, undefined]);
  });

  it('carries the run’s facts', () => {
    expect(s).toMatchObject({
      version: 1,
      tool: { name: 'loadsmith', version: '0.1.0', node: process.versions.node },
      plan: { name: 'Demo', file: 'plans/demo.yaml' },
      stoppedBy: 'completed',
      startedAt: '2024-05-01T10:00:00.000Z',
      endedAt: '2024-05-01T10:00:02.500Z',
      durationMs: 2_500,
      generator: { workers: 2, cpus: 8 },
      notes: ['a note'],
    });
    expect(s.timeline).toHaveLength(4);
    expect(s.timeline.map((p) => p.vus)).toEqual([2, 5, 4, 3]);
  });
});

describe('buildSummary: status from thresholds', () => {
  const state = (ok: boolean, value: number | null = 1): ThresholdState => ({
    metric: 'http_req_duration',
    expression: 'p(95)<500',
    ok,
    value,
    abortOnFail: false,
  });

  it('passes without thresholds', () => {
    expect(buildSummary(input()).status).toBe('passed');
  });

  it('passes when every threshold held, including one with no data', () => {
    const s = buildSummary(input({ thresholds: [state(true), state(true, null)] }));
    expect(s.status).toBe('passed');
    expect(s.thresholds).toEqual([state(true), state(true, null)]);
  });

  it('fails when one threshold did not hold', () => {
    expect(buildSummary(input({ thresholds: [state(true), state(false, 900)] })).status).toBe('failed');
  });

  it('follows real threshold evaluation over the same run', () => {
    const agg = aggregate();
    const p95 = hist(ALL).valueAtPercentile(95) / 1000;
    const evalWith = (bound: number) =>
      new Thresholds({ http_req_duration: [`p(95)<${bound}`] }).evaluate(agg, { elapsedS: 2.5, vus: 3, vusMax: 12 });
    expect(buildSummary(input({ agg, thresholds: evalWith(p95 * 1.01) })).status).toBe('passed');
    const failed = buildSummary(input({ agg, thresholds: evalWith(p95 * 0.99) }));
    expect(failed.status).toBe('failed');
    expect(failed.thresholds[0]?.value).toBe(p95);
  });
});

describe("buildSummary: the open model's target (issue 19)", () => {
  // 100 planned over 2 s; 90 came due, 80 started (10 dropped): the 10 that never came due are a shortfall.
  const arrivalInput = (stoppedBy: SummaryInput['stoppedBy'], planned: number | undefined): SummaryInput =>
    input({
      agg: aggregateOf([
        sample(0, {
          final: true,
          iterations: [
            {
              scenario: 'open',
              completed: 80,
              interrupted: 0,
              duration: hist([1000]).toJSON(),
              scheduled: 90,
              started: 80,
              lag: hist([5]).toJSON(),
            },
          ],
          dropped: { open: 10 },
        }),
      ]),
      scenarios: [
        {
          name: 'open',
          executor: 'constant-arrival-rate',
          description: '',
          maxVus: 5,
          startMs: 0,
          regularMs: 2000,
          ...(planned === undefined ? {} : { planned }),
        },
      ],
      durationMs: 2_400,
      stoppedBy,
    });

  it("is the plan's, planned over the regular duration, never shrunk to what came due", () => {
    const a = buildSummary(arrivalInput('completed', 100)).scenarios[0]?.arrival;
    expect(a).toMatchObject({ planned: 100, scheduled: 90, started: 80, targetRate: 50, achievedRate: 40 });
  });

  it("is what came due over the active time in a run stopped early, or when the plan's count is not known", () => {
    expect(buildSummary(arrivalInput('stopped', 100)).scenarios[0]?.arrival).toMatchObject({
      planned: 100,
      targetRate: 45,
      achievedRate: 40,
    });
    const unknown = buildSummary(arrivalInput('completed', undefined)).scenarios[0]?.arrival;
    expect(unknown).toMatchObject({ targetRate: 45 });
    expect(unknown).not.toHaveProperty('planned');
  });
});

describe('buildSummary: summaryTrendStats', () => {
  it('adds each chosen percentile to every trend, from the merged histograms of both workers, never averaged', () => {
    const t = buildSummary(input({ trendStats: ['avg', 'p(99.9)', 'p(75)', 'count'] }));
    expect(t.summaryTrendStats).toEqual(['avg', 'p(99.9)', 'p(75)', 'count']);
    const d = metric(t.metrics, 'http_req_duration', 'trend');
    const all = hist(ALL);
    expect(d['p99.9']).toBe(all.valueAtPercentile(99.9) / 1000);
    expect(d.p75).toBe(all.valueAtPercentile(75) / 1000);
    // Not the mean of the two workers' own p(99.9) (each holds about half of every series).
    const own = [0, 1].map(
      (w) => hist(RAW.flatMap((r) => halves(r.phases.duration, 'down')[w as 0 | 1])).valueAtPercentile(99.9) / 1000,
    );
    expect(d['p99.9']).not.toBe(((own[0] as number) + (own[1] as number)) / 2);
    expect(metric(t.metrics, 'http_req_waiting', 'trend')['p99.9']).toBe(
      hist(values(() => true, 'waiting')).valueAtPercentile(99.9) / 1000,
    );
    const login = t.requests.find((r) => r.name === 'Login');
    expect(login?.duration['p99.9']).toBe(hist(values((k) => k.request === 'Login')).valueAtPercentile(99.9) / 1000);
    expect(t.groups[0]?.duration.p75).toBe(hist(GROUPS[0]?.values ?? []).valueAtPercentile(75) / 1000);
    // The statistics every trend always has stay, so scripts reading p95 or p99 keep working.
    expect(d.p99).toBe(all.valueAtPercentile(99) / 1000);
  });

  it('keeps the default list and adds nothing when none was chosen', () => {
    const t = buildSummary(input());
    expect(t.summaryTrendStats).toEqual(['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)']);
    expect(Object.keys(metric(t.metrics, 'http_req_duration', 'trend')).sort()).toEqual([
      'avg',
      'count',
      'max',
      'med',
      'min',
      'p90',
      'p95',
      'p99',
      'type',
      'unit',
    ]);
  });
});
