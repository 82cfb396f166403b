import { describe, expect, it } from 'vitest';
import { fakeSummary, type FakeScenario } from '../../../../engine/report/compare/testing.ts';
import { scenarioCompareRows, scenarioSeriesRows } from './scenario-rows.ts';
import { groupSeries } from './series.ts';

const study = (h1: number, grpc: number, p95: number) =>
  fakeSummary({
    scenarios: [
      { name: 'http1', requests: h1, p95, checks: 1 },
      { name: 'grpc', requests: grpc, p95, protocol: 'grpc' },
    ] satisfies FakeScenario[],
  });

describe('scenarioCompareRows', () => {
  it('gives each scenario’s numbers in the baseline and every other run against it', () => {
    const groups = scenarioCompareRows(study(2500, 3700, 3400), [study(3300, 3800, 3000)]);
    expect(groups.map((g) => g.scenario)).toEqual(['http1', 'grpc']);
    const [http1, grpc] = groups;
    expect(http1?.rows.map((r) => r.metric.key)).toEqual([
      'http1:requests',
      'http1:rps',
      'http1:p95',
      'http1:failed',
      'http1:checks',
    ]);
    // gRPC had no checks: no row for them.
    expect(grpc?.rows.map((r) => r.metric.label)).toEqual(['requests', 'req/s', 'p(95)', 'failed']);
    const requests = http1?.rows[0];
    expect(requests?.baseline).toBe(2500);
    expect(requests?.changes[0]).toMatchObject({ value: 3300, delta: { abs: 800, rel: 0.32 }, verdict: 'better' });
    expect(grpc?.rows[2]?.changes[0]).toMatchObject({ value: 3000, verdict: 'better' });
  });

  it('has nothing for runs of one scenario', () => {
    expect(scenarioCompareRows(fakeSummary(), [fakeSummary()])).toEqual([]);
  });
});

describe('scenarioSeriesRows', () => {
  it('gives each scenario’s mean ± sd per series', () => {
    const member = (id: string, label: string, s: ReturnType<typeof study>) => ({
      id,
      planName: 'Protocols',
      label,
      summary: s,
    });
    const series = groupSeries([
      member('a', 'before', study(2400, 3700, 3300)),
      member('b', 'before', study(2600, 3900, 3500)),
      member('c', 'after', study(3000, 3800, 3000)),
    ]);
    const [http1] = scenarioSeriesRows(series);
    const requests = http1?.rows.find((r) => r.metric.key === 'http1:requests');
    expect(requests?.cells[0]?.spread).toMatchObject({ n: 2, mean: 2500, min: 2400, max: 2600 });
    expect(requests?.cells[0]?.spread?.sd).toBeCloseTo(Math.sqrt(20_000), 9);
    expect(requests?.cells[1]).toMatchObject({ spread: { n: 1, mean: 3000 }, change: { verdict: 'better' } });
  });
});
