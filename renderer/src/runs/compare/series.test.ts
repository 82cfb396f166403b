import { describe, expect, it } from 'vitest';
import { fakeSummary } from '../../../../engine/report/compare/testing.ts';
import { fmtAbsDelta, fmtRelDelta, fmtSpread, fmtValue } from './format.ts';
import { baselineFirst, groupSeries, seriesRows } from './series.ts';

const run = (id: string, planName: string, label: string | null, requests: number, p95: number) => ({
  id,
  planName,
  label,
  summary: fakeSummary({ requests, latency: { p95 } }),
});

describe('groupSeries', () => {
  it('groups labelled runs of one plan by label, in order, leaving unlabelled runs out', () => {
    const s = groupSeries([
      run('a', 'Demo', 'h1', 100, 10),
      run('b', 'Demo', 'h2', 200, 5),
      run('c', 'Demo', null, 1, 1),
      run('d', 'Demo', 'h1', 120, 14),
    ]);
    expect(s.map((x) => [x.name, x.runIds])).toEqual([
      ['h1', ['a', 'd']],
      ['h2', ['b']],
    ]);
  });

  it('keeps the same label on different plans apart and names them with the plan', () => {
    const s = groupSeries([run('a', 'Demo', 'h2', 1, 1), run('b', 'Other', 'h2', 1, 1)]);
    expect(s.map((x) => x.name)).toEqual(['Demo · h2', 'Other · h2']);
  });

  it("puts the baseline run's series first, else keeps the order", () => {
    const s = groupSeries([run('a', 'Demo', 'h1', 1, 1), run('b', 'Demo', 'h2', 1, 1), run('c', 'Demo', 'h3', 1, 1)]);
    expect(baselineFirst(s, 'c').map((x) => x.label)).toEqual(['h3', 'h1', 'h2']);
    expect(baselineFirst(s, 'unlabelled').map((x) => x.label)).toEqual(['h1', 'h2', 'h3']);
  });
});

describe('seriesRows', () => {
  it('gives mean ± sample sd per series and the change of the means from the baseline series', () => {
    const s = groupSeries([
      run('a', 'Demo', 'h1', 100, 10),
      run('b', 'Demo', 'h1', 140, 14),
      run('c', 'Demo', 'h2', 200, 6),
      run('d', 'Demo', 'h2', 220, 4),
    ]);
    const rows = seriesRows(s);
    const reqs = rows.find((r) => r.metric.key === 'requests');
    expect(reqs?.cells[0]?.spread).toMatchObject({ n: 2, mean: 120 });
    expect(reqs?.cells[0]?.spread?.sd).toBeCloseTo(Math.sqrt(800), 10);
    expect(reqs?.cells[1]?.spread).toMatchObject({ n: 2, mean: 210 });
    expect(reqs?.cells[1]?.change).toMatchObject({ value: 210, delta: { abs: 90, rel: 0.75 }, verdict: 'better' });
    const p95 = rows.find((r) => r.metric.key === 'p95');
    expect(p95?.cells.map((c) => c.spread?.mean)).toEqual([12, 5]);
    expect(p95?.cells[1]?.change.verdict).toBe('better');
    expect(p95?.cells[0]?.change.verdict).toBe('same');
    expect(seriesRows(baselineFirst(s, 'c')).find((r) => r.metric.key === 'p95')?.cells[1]?.change.verdict).toBe(
      'worse',
    );
  });

  it('has the gRPC rows when a series made gRPC calls, as loadsmith compare has', () => {
    const withCalls = (id: string, label: string, calls: number) => {
      const r = run(id, 'Protocols', label, 10, 5);
      r.summary.metrics.grpc_req_duration = { ...grpcTrend, count: calls };
      return r;
    };
    const rows = seriesRows(
      groupSeries([withCalls('a', 'x', 100), withCalls('b', 'x', 140), run('c', 'Protocols', 'y', 1, 1)]),
    );
    const calls = rows.find((r) => r.metric.key === 'grpcCalls');
    expect(calls?.cells.map((c) => c.spread?.mean ?? null)).toEqual([120, null]);
    expect(seriesRows(groupSeries([run('d', 'Demo', 'h1', 1, 1)])).some((r) => r.metric.key === 'grpcCalls')).toBe(
      false,
    );
  });
});

const grpcTrend = {
  type: 'trend',
  unit: 'ms',
  count: 0,
  avg: 2,
  min: 1,
  med: 2,
  max: 9,
  p90: 4,
  p95: 5,
  p99: 8,
} as const;

describe('format', () => {
  it("writes values, changes and spreads in the metric's unit", () => {
    expect(fmtValue('ms', 12.345)).toBe('12.3ms');
    expect(fmtValue('fraction', 0.005)).toBe('0.50%');
    expect(fmtValue('count', null)).toBe('—');
    expect(fmtAbsDelta('ms', { abs: -2.5, rel: -0.1 })).toBe('-2.5ms');
    expect(fmtAbsDelta('rate', { abs: 12, rel: 0.1 })).toBe('+12/s');
    expect(fmtAbsDelta('fraction', { abs: 0.005, rel: null })).toBe('+0.50pp');
    expect(fmtRelDelta({ abs: 1, rel: 0.1234 })).toBe('+12.3%');
    expect(fmtRelDelta({ abs: 0, rel: 0 })).toBe('±0.0%');
    expect(fmtRelDelta({ abs: 1, rel: null })).toBe('—');
    expect(fmtSpread('ms', { n: 3, mean: 40, sd: 2, min: 38, max: 42 })).toBe('40ms ± 2ms');
    expect(fmtSpread('count', { n: 1, mean: 40, sd: 0, min: 40, max: 40 })).toBe('40');
  });
});
