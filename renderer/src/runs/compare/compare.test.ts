import { describe, expect, it } from 'vitest';
import type { RunDetail, StoredTick } from '../../../../app/contract/runs.ts';
import { fakeSummary } from '../../../../engine/report/compare/testing.ts';
import { KEY_METRICS } from '../../../../engine/report/compare/key-metrics.ts';
import { COMPARE_CHARTS, overlaySeries } from './chart-series.ts';
import { splitComparable } from './comparable.ts';
import { compareRows } from './compare-rows.ts';
import { runNames } from './run-names.ts';
import { change } from './verdict.ts';

const metric = (key: string) => KEY_METRICS.find((m) => m.key === key) ?? expect.fail(`no key metric ${key}`);

describe('change', () => {
  it('judges a change by the better direction of the metric', () => {
    expect(change(metric('p95'), 100, 120)).toEqual({ value: 120, delta: { abs: 20, rel: 0.2 }, verdict: 'worse' });
    expect(change(metric('p95'), 100, 80).verdict).toBe('better');
    expect(change(metric('rps'), 100, 80).verdict).toBe('worse');
    expect(change(metric('rps'), 100, 130).verdict).toBe('better');
    expect(change(metric('failed'), 0, 0.01)).toEqual({
      value: 0.01,
      delta: { abs: 0.01, rel: null },
      verdict: 'worse',
    });
    expect(change(metric('checks'), 1, 1).verdict).toBe('same');
  });

  it('has no change when either number is missing', () => {
    expect(change(metric('checks'), null, 0.9)).toEqual({ value: 0.9, delta: null, verdict: null });
    expect(change(metric('checks'), 0.9, null)).toEqual({ value: null, delta: null, verdict: null });
  });
});

describe('compareRows', () => {
  it('has the gRPC rows when a run made gRPC calls, and only then', () => {
    const base = fakeSummary({ requests: 10 });
    const grpc = fakeSummary({ requests: 10 });
    grpc.metrics.grpc_req_duration = {
      type: 'trend',
      unit: 'ms',
      count: 7,
      avg: 2,
      min: 1,
      med: 2,
      max: 9,
      p90: 4,
      p95: 5,
      p99: 8,
    };
    const rows = compareRows(base, [grpc]);
    expect(rows.find((r) => r.metric.key === 'grpcCalls')).toMatchObject({ baseline: null, changes: [{ value: 7 }] });
    expect(rows.find((r) => r.metric.key === 'grpcP95')?.changes[0]?.value).toBe(5);
    expect(compareRows(base, [base]).some((r) => r.metric.key.startsWith('grpc'))).toBe(false);
  });

  it('lists each key metric with the baseline value and every other run against it', () => {
    const base = fakeSummary({ requests: 1000, latency: { p95: 50 } });
    const a = fakeSummary({ requests: 1500, latency: { p95: 40 } });
    const b = fakeSummary({ requests: 500, latency: { p95: 100 } });
    const rows = compareRows(base, [a, b]);
    expect(rows.map((r) => r.metric.key)).toEqual(KEY_METRICS.map((m) => m.key));
    const reqs = rows.find((r) => r.metric.key === 'requests');
    expect(reqs?.baseline).toBe(1000);
    expect(reqs?.changes.map((c) => [c.value, c.delta?.rel, c.verdict])).toEqual([
      [1500, 0.5, 'better'],
      [500, -0.5, 'worse'],
    ]);
    const p95 = rows.find((r) => r.metric.key === 'p95');
    expect(p95?.changes.map((c) => [c.value, c.delta?.abs, c.verdict])).toEqual([
      [40, -10, 'better'],
      [100, 50, 'worse'],
    ]);
  });

  it('leaves out a metric no run has, and keeps one some runs have', () => {
    expect(
      compareRows(fakeSummary({ checks: null }), [fakeSummary({ checks: null })]).some(
        (r) => r.metric.key === 'checks',
      ),
    ).toBe(false);
    const mixed = compareRows(fakeSummary({ checks: null }), [fakeSummary({ checks: 0.5 })]).find(
      (r) => r.metric.key === 'checks',
    );
    expect(mixed).toMatchObject({ baseline: null, changes: [{ value: 0.5, delta: null, verdict: null }] });
  });
});

describe('runNames', () => {
  const time = (iso: string) => iso.slice(11, 19);
  it('names a run by its label or plan and its start, unique', () => {
    const names = runNames(
      [
        { id: 'a', label: 'http2', planName: 'Demo', startedAt: '2025-01-01T10:00:00Z' },
        { id: 'b', label: null, planName: 'Demo', startedAt: '2025-01-01T10:05:00Z' },
        { id: 'c', label: 'http2', planName: 'Other', startedAt: '2025-01-01T10:00:00Z' },
      ],
      time,
    );
    expect([...names.values()]).toEqual(['http2 · 10:00:00', 'Demo · 10:05:00', 'http2 · 10:00:00 (2)']);
  });
});

const tick = (t: number, over: Partial<StoredTick> = {}): StoredTick => ({
  t,
  span: 1,
  vus: 2,
  reqs: 10,
  rps: 10,
  failed: 1,
  iterations: 5,
  interrupted: 0,
  dataSent: 0,
  dataReceived: 0,
  checksPass: 0,
  checksFail: 0,
  errors: 0,
  dropped: 0,
  scheduled: 0,
  started: 0,
  generator: { cpu: 0, elu: 0, loopDelayP99Ms: 0 },
  lag: null,
  latency: { avg: 5, p50: 4, p90: 8, p95: 9, p99: 12, max: 20 },
  requests: {},
  statuses: {},
  elapsedMs: t * 1000,
  vusMax: 2,
  totals: { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 },
  thresholds: [],
  ...over,
});

describe('overlaySeries', () => {
  const chart = (id: string) => COMPARE_CHARTS.find((c) => c.id === id) ?? expect.fail(id);
  const runs = [
    { id: 'a', name: 'A', samples: [tick(2, { rps: 12 }), tick(1, { rps: 8 })] },
    { id: 'b', name: 'B', samples: [tick(1, { reqs: 0, failed: 0, latency: null })] },
  ];
  it('draws one line per run against seconds since its start, the baseline dashed', () => {
    expect(overlaySeries(chart('compare-rps'), runs, 'a')).toEqual([
      {
        name: 'A',
        points: [
          [1, 8],
          [2, 12],
        ],
        dashed: true,
      },
      { name: 'B', points: [[1, 10]] },
    ]);
  });
  it('draws VUs as steps', () => {
    expect(overlaySeries(chart('compare-vus'), runs, 'a')[1]).toEqual({ name: 'B', points: [[1, 2]], step: true });
  });
  it('leaves gaps for seconds without requests in latency and error rate', () => {
    expect(overlaySeries(chart('compare-p95'), runs, 'b').map((s) => s.points)).toEqual([
      [
        [1, 9],
        [2, 9],
      ],
      [[1, null]],
    ]);
    expect(overlaySeries(chart('compare-errors'), runs, 'b')[0]?.points).toEqual([
      [1, 10],
      [2, 10],
    ]);
    expect(overlaySeries(chart('compare-errors'), runs, 'b')[1]?.points).toEqual([[1, null]]);
  });
});

describe('splitComparable', () => {
  const detail = (over: Partial<RunDetail>): RunDetail => ({
    id: 'x',
    planId: 'p',
    planName: 'Demo',
    environment: null,
    label: null,
    status: 'passed',
    startedAt: '2025-01-01T10:00:00Z',
    endedAt: null,
    durationMs: 1000,
    overrides: {},
    key: null,
    error: null,
    summary: fakeSummary(),
    info: null,
    plan: {},
    ...over,
  });
  it('sets aside running runs, runs without a summary and ids that did not load, saying why', () => {
    const { compared, setAside } = splitComparable(
      [
        { id: 'a', run: detail({ id: 'a', label: 'h2' }), samples: [tick(1)] },
        { id: 'b', run: detail({ id: 'b', status: 'running', summary: null }), samples: [] },
        {
          id: 'c',
          run: detail({ id: 'c', status: 'failed', summary: null, error: 'BASE_URL is not set' }),
          samples: [],
        },
        { id: 'd', error: 'no run with id d' },
      ],
      (id) => `run ${id}`,
    );
    expect(compared.map((r) => [r.id, r.name, r.label, r.samples.length])).toEqual([['a', 'run a', 'h2', 1]]);
    expect(setAside).toEqual([
      { id: 'b', name: 'run b', reason: expect.stringMatching(/^still running/) },
      { id: 'c', name: 'run c', reason: 'no summary (BASE_URL is not set)' },
      { id: 'd', name: 'd', reason: 'could not be loaded: no run with id d' },
    ]);
  });
});
