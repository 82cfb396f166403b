import { describe, expect, it } from 'vitest';
import { RunAggregate, PHASES } from './aggregate.ts';
import type { RunClock } from './query.ts';
import type { CheckKey, SeriesKey } from './sample.ts';
import {
  aggregateOf,
  exactPercentile,
  failedOf,
  halves,
  hist,
  rawSeries,
  reqsOf,
  receivedOf,
  sample,
  sentOf,
  series,
  seriesHalf,
  seriesKey as k,
  sum,
  uniform,
  valuesOf,
} from './testing.ts';
import type { PhaseShape, RawSeries } from './testing.ts';
import { Thresholds } from './thresholds/evaluate.ts';
import type { ThresholdState } from './thresholds/evaluate.ts';
import { ThresholdSyntaxError } from '../plan/threshold-syntax.ts';

// ---------------------------------------------------------------------------------------------------------------
// The fixture: raw values kept here; the run aggregate receives them as two workers' samples (each half).

const SHAPE: PhaseShape = {
  blocked: (d, i) => (i % 10 === 0 ? 5_000 + (d % 3_000) : d % 97),
  // DNS on every 5th request (names resolved again as connections are made).
  lookup: (d, i) => (i % 5 === 0 ? 150 + (d % 400) : 0),
  // A new connection every 3rd request (0 on reused ones), a TLS handshake on every 6th (dense enough that p(90) > 0).
  connecting: (d, i) => (i % 3 === 0 ? 300 + (d % 2_000) : 0),
  tls: (d, i) => (i % 6 === 0 ? 1_000 + (d % 1_500) : 0),
  sending: (d) => 10 + (d % 40),
  waiting: (d) => Math.floor(d * 0.9),
  receiving: (d) => d - Math.floor(d * 0.9) - 10 - (d % 40),
};

const raw = (key: SeriesKey, durations: number[]): RawSeries =>
  rawSeries(key, durations, SHAPE, {
    sentEach: key.method === 'POST' ? 350 : 120,
    receivedEach: key.status === 0 ? 0 : 2_000,
  });

const RAW: RawSeries[] = [
  raw(k('browse', '', 'List users', 'GET', 200, true, { env: 'prod' }), uniform(200, 5_000, 50_000, 1)),
  raw(k('browse', '', 'List users', 'GET', 500, false, { env: 'prod' }), uniform(20, 100_000, 300_000, 2)),
  raw(k('browse', '::login', 'Login', 'POST', 200, true), uniform(50, 20_000, 80_000, 3)),
  raw(k('browse', '::login', 'Login', 'POST', 0, false), uniform(6, 1_000_000, 2_000_000, 4)),
  raw(k('admin', '::admin::stats', 'Stats', 'GET', 200, true, { env: 'staging' }), uniform(30, 1_000, 3_000, 5)),
];

interface RawCheck {
  key: CheckKey;
  pass: number;
  fail: number;
}
const ck = (scenario: string, group: string, request: string, check: string): CheckKey => ({
  scenario,
  group,
  request,
  check,
});
const CHECKS: RawCheck[] = [
  { key: ck('browse', '', 'List users', 'is 200'), pass: 200, fail: 20 },
  { key: ck('browse', '::login', 'Login', 'is 200'), pass: 50, fail: 6 },
  { key: ck('browse', '::login', 'Login', 'has token'), pass: 47, fail: 3 },
  { key: ck('admin', '::admin::stats', 'Stats', 'is 200'), pass: 30, fail: 0 },
];

const ITER: Record<string, { durations: number[]; interrupted: number }> = {
  browse: { durations: uniform(60, 100_000, 900_000, 6), interrupted: 3 },
  admin: { durations: uniform(30, 5_000, 10_000, 7), interrupted: 0 },
};

const GROUPS: { scenario: string; group: string; durations: number[] }[] = [
  { scenario: 'browse', group: '::login', durations: uniform(56, 25_000, 90_000, 8) },
  { scenario: 'admin', group: '::admin', durations: uniform(30, 2_000, 4_000, 9) },
  { scenario: 'admin', group: '::admin::stats', durations: uniform(30, 1_500, 3_500, 10) },
];

const DROPPED: Record<string, [number, number]> = { browse: [1, 3], admin: [2, 0] };

const workerSample = (w: 0 | 1) =>
  sample(w, {
    interval: 3,
    series: RAW.map((r) => seriesHalf(r, w)),
    checks: CHECKS.map((c) => ({
      key: c.key,
      pass: w === 0 ? Math.floor(c.pass / 2) : c.pass - Math.floor(c.pass / 2),
      fail: w === 0 ? c.fail : 0,
    })),
    iterations: Object.entries(ITER).map(([scenario, it]) => {
      const part = halves(it.durations)[w];
      return {
        scenario,
        completed: part.length,
        interrupted: w === 1 ? it.interrupted : 0,
        duration: hist(part).toJSON(),
      };
    }),
    groups: GROUPS.map((g) => ({
      scenario: g.scenario,
      group: g.group,
      duration: hist(halves(g.durations)[w]).toJSON(),
    })),
    dropped: Object.fromEntries(Object.entries(DROPPED).map(([sc, n]) => [sc, n[w]])),
  });

const AGG = aggregateOf([workerSample(0), workerSample(1)]);
const CLOCK: RunClock = { elapsedS: 40, vus: 7, vusMax: 10 };

// ---------------------------------------------------------------------------------------------------------------
// Expected values, from the raw arrays.

const rawWhere = (pred: (key: SeriesKey) => boolean): RawSeries[] => RAW.filter((r) => pred(r.key));

/** Trend statistics in ms the way k6 defines them, from raw µs values; percentiles via a fresh HDR histogram. */
function trendMs(values: readonly number[], agg: string, percentile = 0): number {
  switch (agg) {
    case 'avg':
      return sum(values) / values.length / 1000;
    case 'min':
      return Math.min(...values) / 1000;
    case 'max':
      return Math.max(...values) / 1000;
    case 'med':
      return hist(values).valueAtPercentile(50) / 1000;
    case 'p':
      return hist(values).valueAtPercentile(percentile) / 1000;
    default:
      throw new Error(agg);
  }
}

function evalOne(key: string, expression: string, clock: RunClock = CLOCK, agg: RunAggregate = AGG): ThresholdState {
  const t = new Thresholds({ [key]: [expression] }, ['env']);
  const states = t.evaluate(agg, clock);
  expect(states).toHaveLength(1);
  return states[0] as ThresholdState;
}

/** A positive number in a form the threshold syntax accepts. */
const num = (x: number): string => String(x);

/**
 * Asserts the value the threshold observed, and that the comparison uses it: a bound just above passes `<`
 * and fails `>`; a bound just below does the opposite.
 */
function expectObserved(key: string, aggText: string, expected: number, clock: RunClock = CLOCK): void {
  expect(expected, `${key} ${aggText}: test setup`).toBeGreaterThan(0);
  const above = num(expected * 1.001);
  const below = num(expected * 0.999);
  const s = evalOne(key, `${aggText}<${above}`, clock);
  expect(s.value, `${key} ${aggText}`).not.toBeNull();
  expect(s.value as number, `${key} ${aggText}`).toBeCloseTo(expected, 9);
  expect(s.ok, `${key} ${aggText}<${above}`).toBe(true);
  expect(evalOne(key, `${aggText}>${above}`, clock).ok, `${key} ${aggText}>${above}`).toBe(false);
  expect(evalOne(key, `${aggText}<${below}`, clock).ok, `${key} ${aggText}<${below}`).toBe(false);
  expect(evalOne(key, `${aggText}>${below}`, clock).ok, `${key} ${aggText}>${below}`).toBe(true);
}

// ---------------------------------------------------------------------------------------------------------------

describe('Thresholds.evaluate: trend metrics over merged histograms', () => {
  it('http_req_duration: every aggregation over all requests', () => {
    const all = valuesOf(RAW);
    expectObserved('http_req_duration', 'avg', trendMs(all, 'avg'));
    expectObserved('http_req_duration', 'min', trendMs(all, 'min'));
    expectObserved('http_req_duration', 'max', trendMs(all, 'max'));
    expectObserved('http_req_duration', 'med', trendMs(all, 'med'));
    for (const p of [50, 90, 95, 99, 99.9]) expectObserved('http_req_duration', `p(${p})`, trendMs(all, 'p', p));
  });

  it('percentiles are the raw values’ percentiles (3 significant digits), in ms', () => {
    const all = valuesOf(RAW);
    for (const p of [50, 95, 99]) {
      const v = evalOne('http_req_duration', `p(${p})<1`).value as number;
      const exactMs = exactPercentile(all, p) / 1000;
      expect(Math.abs(v - exactMs), `p(${p})`).toBeLessThanOrEqual(exactMs / 1000);
    }
    expect(evalOne('http_req_duration', 'max<1').value).toBe(Math.max(...all) / 1000);
  });

  it.each([
    ['http_req_blocked', 'blocked'],
    ['http_req_looking_up', 'lookup'],
    ['http_req_connecting', 'connecting'],
    ['http_req_tls_handshaking', 'tls'],
    ['http_req_sending', 'sending'],
    ['http_req_waiting', 'waiting'],
    ['http_req_receiving', 'receiving'],
  ] as const)('%s reads its own phase (%s)', (metric, phase) => {
    const values = valuesOf(RAW, phase);
    expectObserved(metric, 'avg', trendMs(values, 'avg'));
    expectObserved(metric, 'max', trendMs(values, 'max'));
    expectObserved(metric, 'p(95)', trendMs(values, 'p', 95));
    const filtered = valuesOf(
      rawWhere((key) => key.request === 'Login'),
      phase,
    );
    expectObserved(`${metric}{request:Login}`, 'p(90)', trendMs(filtered, 'p', 90));
  });

  it('iteration_duration counts completed iterations only, per scenario on request', () => {
    const all = [...(ITER.browse?.durations ?? []), ...(ITER.admin?.durations ?? [])];
    expectObserved('iteration_duration', 'p(95)', trendMs(all, 'p', 95));
    expectObserved('iteration_duration', 'avg', trendMs(all, 'avg'));
    expectObserved('iteration_duration{scenario:admin}', 'max', trendMs(ITER.admin?.durations ?? [], 'max'));
    expectObserved('iteration_duration{scenario:browse}', 'med', trendMs(ITER.browse?.durations ?? [], 'med'));
  });

  it('group_duration by group (with or without the leading ::) and scenario', () => {
    const all = GROUPS.flatMap((g) => g.durations);
    const of = (group: string): number[] => GROUPS.filter((g) => g.group === group).flatMap((g) => g.durations);
    expectObserved('group_duration', 'p(99)', trendMs(all, 'p', 99));
    expectObserved('group_duration{group:::login}', 'avg', trendMs(of('::login'), 'avg'));
    expectObserved('group_duration{group:login}', 'avg', trendMs(of('::login'), 'avg'));
    expectObserved('group_duration{group:admin::stats}', 'max', trendMs(of('::admin::stats'), 'max'));
    expectObserved('group_duration{group:::admin}', 'max', trendMs(of('::admin'), 'max'));
    expectObserved(
      'group_duration{scenario:admin}',
      'min',
      trendMs(
        GROUPS.filter((g) => g.scenario === 'admin').flatMap((g) => g.durations),
        'min',
      ),
    );
  });
});

describe('Thresholds.evaluate: tag filters on HTTP metrics', () => {
  const cases: [string, (key: SeriesKey) => boolean][] = [
    ['request:List users', (key) => key.request === 'List users'],
    ['name:List users', (key) => key.request === 'List users'],
    ['scenario:admin', (key) => key.scenario === 'admin'],
    ['scenario:browse', (key) => key.scenario === 'browse'],
    ['status:200', (key) => key.status === 200],
    ['status:500', (key) => key.status === 500],
    ['status:0', (key) => key.status === 0],
    ['method:POST', (key) => key.method === 'POST'],
    ['method:GET', (key) => key.method === 'GET'],
    ['expected_response:true', (key) => key.expected],
    ['expected_response:false', (key) => !key.expected],
    ['group:login', (key) => key.group === '::login'],
    ['group:::login', (key) => key.group === '::login'],
    ['group:admin::stats', (key) => key.group === '::admin::stats'],
    ['group:::admin::stats', (key) => key.group === '::admin::stats'],
    ['env:prod', (key) => key.tags?.env === 'prod'],
    ['env:staging', (key) => key.tags?.env === 'staging'],
    ['request:List users,status:500', (key) => key.request === 'List users' && key.status === 500],
    [
      'scenario:browse,method:POST,expected_response:true',
      (key) => key.scenario === 'browse' && key.method === 'POST' && key.expected,
    ],
  ];

  it.each(cases)('http_req_duration{%s}', (filter, pred) => {
    const rs = rawWhere(pred);
    expect(rs.length, 'test setup').toBeGreaterThan(0);
    const values = valuesOf(rs);
    expectObserved(`http_req_duration{${filter}}`, 'p(95)', trendMs(values, 'p', 95));
    expectObserved(`http_req_duration{${filter}}`, 'avg', trendMs(values, 'avg'));
  });

  it.each(cases)('http_reqs and http_req_failed{%s}', (filter, pred) => {
    const rs = rawWhere(pred);
    expectObserved(`http_reqs{${filter}}`, 'count', reqsOf(rs));
    expectObserved(`http_reqs{${filter}}`, 'rate', reqsOf(rs) / CLOCK.elapsedS);
    const failed = failedOf(rs);
    const s = evalOne(`http_req_failed{${filter}}`, 'rate<0.5');
    expect(s.value).toBeCloseTo(failed / reqsOf(rs), 12);
    expect(s.ok).toBe(failed / reqsOf(rs) < 0.5);
  });

  it('the root group is not matched by a named group filter', () => {
    const v = evalOne('http_reqs{group:login}', 'count>0').value;
    expect(v).toBe(reqsOf(rawWhere((key) => key.group === '::login')));
    expect(v).not.toBe(reqsOf(RAW));
  });
});

describe('Thresholds.evaluate: counters, rates and gauges', () => {
  it('http_reqs: count, and rate = count / elapsed seconds', () => {
    const n = reqsOf(RAW);
    expectObserved('http_reqs', 'count', n);
    expectObserved('http_reqs', 'rate', n / 40);
    expect(evalOne('http_reqs', 'rate>0', { ...CLOCK, elapsedS: 8 }).value).toBeCloseTo(n / 8, 12);
  });

  it('rate of a counter is 0, not Infinity, before any time was measured', () => {
    const s = evalOne('http_reqs', 'rate<1', { ...CLOCK, elapsedS: 0 });
    expect(s.value).toBe(0);
    expect(s.ok).toBe(true);
  });

  it('http_req_failed: share of failed requests', () => {
    const rate = failedOf(RAW) / reqsOf(RAW);
    expect(rate).toBeGreaterThan(0);
    expectObserved('http_req_failed', 'rate', rate);
    expect(evalOne('http_req_failed', 'rate<0.01').ok).toBe(false);
    expect(evalOne('http_req_failed{expected_response:true}', 'rate==0')).toMatchObject({ ok: true, value: 0 });
    expect(evalOne('http_req_failed{status:0}', 'rate==1')).toMatchObject({ ok: true, value: 1 });
  });

  it('data_sent and data_received: bytes and bytes per second', () => {
    const sent = sentOf(RAW);
    const received = receivedOf(RAW);
    expectObserved('data_sent', 'count', sent);
    expectObserved('data_sent', 'rate', sent / CLOCK.elapsedS);
    expectObserved('data_received', 'count', received);
    expectObserved('data_received', 'rate', received / CLOCK.elapsedS);
    expectObserved('data_sent{request:Login}', 'count', sentOf(rawWhere((key) => key.request === 'Login')));
    expectObserved('data_received{env:prod}', 'count', receivedOf(rawWhere((key) => key.tags?.env === 'prod')));
  });

  it('checks: share of passed checks, filtered by check, request, group and scenario', () => {
    const rate = (cs: RawCheck[]): number => sum(cs.map((c) => c.pass)) / sum(cs.map((c) => c.pass + c.fail));
    expectObserved('checks', 'rate', rate(CHECKS));
    expectObserved('checks{check:is 200}', 'rate', rate(CHECKS.filter((c) => c.key.check === 'is 200')));
    expectObserved('checks{check:has token}', 'rate', rate(CHECKS.filter((c) => c.key.check === 'has token')));
    expectObserved('checks{request:Login}', 'rate', rate(CHECKS.filter((c) => c.key.request === 'Login')));
    expectObserved('checks{group:login}', 'rate', rate(CHECKS.filter((c) => c.key.group === '::login')));
    expectObserved(
      'checks{group:::login,check:is 200}',
      'rate',
      rate(CHECKS.filter((c) => c.key.group === '::login' && c.key.check === 'is 200')),
    );
    expectObserved('checks{scenario:browse}', 'rate', rate(CHECKS.filter((c) => c.key.scenario === 'browse')));
    expect(evalOne('checks{scenario:admin}', 'rate==1')).toMatchObject({ ok: true, value: 1 });
  });

  it('iterations: completed iterations (interrupted ones not counted) and their rate', () => {
    const browse = ITER.browse?.durations.length ?? 0;
    const admin = ITER.admin?.durations.length ?? 0;
    expectObserved('iterations', 'count', browse + admin);
    expectObserved('iterations', 'rate', (browse + admin) / CLOCK.elapsedS);
    expectObserved('iterations{scenario:browse}', 'count', browse);
    expectObserved('iterations{scenario:admin}', 'rate', admin / CLOCK.elapsedS);
  });

  it('dropped_iterations: count and rate, per scenario on request', () => {
    expectObserved('dropped_iterations', 'count', 6);
    expectObserved('dropped_iterations', 'rate', 6 / CLOCK.elapsedS);
    expectObserved('dropped_iterations{scenario:browse}', 'count', 4);
    expectObserved('dropped_iterations{scenario:admin}', 'count', 2);
  });

  it('vus and vus_max: the clock’s current values', () => {
    expectObserved('vus', 'value', 7);
    expectObserved('vus_max', 'value', 10);
    expect(evalOne('vus', 'value<=3', { elapsedS: 1, vus: 3, vusMax: 4 })).toMatchObject({ ok: true, value: 3 });
    expect(evalOne('vus_max', 'value<=3', { elapsedS: 1, vus: 3, vusMax: 4 })).toMatchObject({ ok: false, value: 4 });
  });
});

describe('Thresholds.evaluate: no data passes with value null', () => {
  const empty = new RunAggregate();

  it.each([
    ['http_req_duration', 'p(95)<1'],
    ['http_req_duration', 'avg<1'],
    ['http_req_duration', 'min>1000000'],
    ['http_req_duration', 'max<1'],
    ['http_req_duration', 'med<1'],
    ['http_req_blocked', 'p(99)<1'],
    ['http_req_waiting', 'avg<1'],
    ['http_req_sending', 'max<1'],
    ['http_req_receiving', 'max<1'],
    ['http_req_connecting', 'p(95)<1'],
    ['http_req_tls_handshaking', 'max<1'],
    ['http_req_failed', 'rate<0.0001'],
    ['checks', 'rate>0.99'],
    ['iteration_duration', 'p(95)<1'],
    ['group_duration', 'avg<1'],
  ])('%s: %s on an empty run', (key, expression) => {
    expect(evalOne(key, expression, CLOCK, empty)).toEqual({
      metric: key,
      expression,
      ok: true,
      value: null,
      abortOnFail: false,
    });
  });

  it.each([
    ['http_req_duration{request:Nope}', 'p(95)<1'],
    ['http_req_duration{status:404}', 'max<1'],
    ['http_req_waiting{env:qa}', 'avg<1'],
    ['http_req_failed{request:Nope}', 'rate<0.0001'],
    ['http_req_failed{group:nope}', 'rate==0'],
    ['checks{check:nope}', 'rate>0.99'],
    ['checks{request:Stats,check:has token}', 'rate>0.99'],
    ['iteration_duration{scenario:nope}', 'max<1'],
    ['group_duration{group:nope}', 'p(95)<1'],
    ['group_duration{scenario:browse,group:admin}', 'p(95)<1'],
  ])('%s: %s when no sample matches the filter', (key, expression) => {
    expect(evalOne(key, expression)).toEqual({ metric: key, expression, ok: true, value: null, abortOnFail: false });
  });
});

describe('Thresholds: states and abort', () => {
  it('reports one state per rule, in order, with the key and expression as written', () => {
    const t = new Thresholds({
      'http_req_duration{name:List users}': ['p(95)<1', { threshold: 'avg < 100000', abortOnFail: true }],
      http_reqs: ['count>0'],
    });
    expect(t.size).toBe(3);
    const states = t.evaluate(AGG, CLOCK);
    const lu = valuesOf(rawWhere((key) => key.request === 'List users'));
    expect(states).toEqual([
      {
        metric: 'http_req_duration{name:List users}',
        expression: 'p(95)<1',
        ok: false,
        value: hist(lu).valueAtPercentile(95) / 1000,
        abortOnFail: false,
      },
      {
        metric: 'http_req_duration{name:List users}',
        expression: 'avg < 100000',
        ok: true,
        value: sum(lu) / lu.length / 1000,
        abortOnFail: true,
      },
      { metric: 'http_reqs', expression: 'count>0', ok: true, value: reqsOf(RAW), abortOnFail: false },
    ]);
  });

  it('has no rules without thresholds', () => {
    const t = new Thresholds(undefined);
    expect(t.size).toBe(0);
    expect(t.evaluate(AGG, CLOCK)).toEqual([]);
    expect(t.abortReason([], 1e9)).toBeUndefined();
  });

  it('refuses bad keys and expressions with ThresholdSyntaxError', () => {
    expect(() => new Thresholds({ http_req_latency: ['p(95)<1'] })).toThrow(ThresholdSyntaxError);
    expect(() => new Thresholds({ http_req_duration: ['p(95)<1s'] })).toThrow(ThresholdSyntaxError);
    expect(() => new Thresholds({ http_req_duration: ['rate<1'] })).toThrow(ThresholdSyntaxError);
    expect(() => new Thresholds({ 'http_req_duration{env:prod}': ['p(95)<1'] })).toThrow(ThresholdSyntaxError);
    expect(new Thresholds({ 'http_req_duration{env:prod}': ['p(95)<1'] }, ['env']).size).toBe(1);
  });

  it('abortOnFail aborts only after delayAbortEval', () => {
    const t = new Thresholds({
      http_req_duration: [{ threshold: 'p(95)<1', abortOnFail: true, delayAbortEval: '10s' }],
      http_req_failed: ['rate<0.000001'], // fails, but does not abort
      checks: [{ threshold: 'rate>0', abortOnFail: true }], // passes
    });
    const states = t.evaluate(AGG, CLOCK);
    expect(states.map((s) => [s.ok, s.abortOnFail])).toEqual([
      [false, true],
      [false, false],
      [true, true],
    ]);
    expect(t.abortReason(states, 0)).toBeUndefined();
    expect(t.abortReason(states, 9_999)).toBeUndefined();
    expect(t.abortReason(states, 10_000)).toBe(states[0]);
    expect(t.abortReason(states, 60_000)).toBe(states[0]);
  });

  it('a failing threshold without abortOnFail never aborts', () => {
    const t = new Thresholds({ http_req_duration: ['p(95)<1', { threshold: 'max<1', abortOnFail: false }] });
    const states = t.evaluate(AGG, CLOCK);
    expect(states.every((s) => !s.ok)).toBe(true);
    expect(t.abortReason(states, 3_600_000)).toBeUndefined();
  });

  it('abortOnFail without a delay aborts at once; the first eligible threshold wins', () => {
    const t = new Thresholds({
      http_req_duration: [{ threshold: 'p(95)<1', abortOnFail: true, delayAbortEval: '1m30s' }],
      http_req_failed: [{ threshold: 'rate<0.000001', abortOnFail: true }],
    });
    const states = t.evaluate(AGG, CLOCK);
    expect(t.abortReason(states, 0)).toBe(states[1]);
    expect(t.abortReason(states, 89_999)).toBe(states[1]);
    expect(t.abortReason(states, 90_000)).toBe(states[0]);
  });

  it('a threshold with no data never aborts', () => {
    const t = new Thresholds({ 'http_req_duration{request:Nope}': [{ threshold: 'p(95)<1', abortOnFail: true }] });
    const states = t.evaluate(AGG, CLOCK);
    expect(states[0]).toMatchObject({ ok: true, value: null });
    expect(t.abortReason(states, 1e9)).toBeUndefined();
  });

  it('aborts once a threshold starts failing as data arrives', () => {
    const t = new Thresholds({ http_req_failed: [{ threshold: 'rate<0.5', abortOnFail: true }] });
    const agg = new RunAggregate();
    const one = Object.fromEntries(PHASES.map((p) => [p, [1000]]));
    const failed503 = series(k('browse', '', 'List users', 'GET', 503, false), [1000], { phases: one });
    let states = t.evaluate(agg, CLOCK);
    expect(t.abortReason(states, 1000)).toBeUndefined();
    agg.add(sample(0, { series: [failed503] }));
    states = t.evaluate(agg, CLOCK);
    expect(states[0]).toMatchObject({ ok: false, value: 1 });
    expect(t.abortReason(states, 1000)).toBe(states[0]);
  });
});

describe('fixture sanity', () => {
  it('spreads every series over both workers', () => {
    for (const r of RAW) for (const p of PHASES) expect(halves(r.phases[p]).every((h) => h.length > 0)).toBe(true);
    expect([...AGG.series.values()].map((c) => c.reqs).sort((a, b) => a - b)).toEqual(
      RAW.map((r) => r.phases.duration.length).sort((a, b) => a - b),
    );
  });
});
