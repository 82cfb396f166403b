/**
 * Per-scenario statistics and comparison: seed 004's table (a protocol per scenario; requests, req/s, p(95), failed,
 * checks passed; mean ± sd over repeats) from `run --repeat` and `compare`.
 */
import { describe, expect, it } from 'vitest';
import { paint } from '../format.ts';
import { repeatResult } from './repeat.ts';
import { scenarioTable } from './repeat-text.ts';
import { hasScenarioTable, scenarioKeyMetrics, scenarioNames } from './scenario-metrics.ts';
import { compareRuns } from './table.ts';
import { compareText } from './text.ts';
import { fakeSummary, type FakeScenario } from './testing.ts';

/** One repeat of the study: HTTP/1.1 and gRPC scenarios with these requests and p(95)s (10 s run). */
const repeat = (h1: [number, number], grpc: [number, number], failed = 0): ReturnType<typeof fakeSummary> => {
  const scenarios: FakeScenario[] = [
    { name: 'http1', requests: h1[0], p95: h1[1], failed, checks: 1 },
    { name: 'grpc', requests: grpc[0], p95: grpc[1], protocol: 'grpc' },
  ];
  return fakeSummary({ scenarios });
};
// http1: 2,594 / 2,399 / 2,467 requests (the study's first three), p(95) 3,330 / 3,520 / 3,410 ms
const RUNS = [
  repeat([2594, 3330], [3729, 3350]),
  repeat([2399, 3520], [3809, 3590]),
  repeat([2467, 3410], [3865, 3780]),
];

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]): number => Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1));

describe('per-scenario statistics across repeats', () => {
  const r = repeatResult(RUNS);
  const stat = (scenario: string, column: string) =>
    r.scenarios?.find((s) => s.scenario === scenario)?.stats.find((s) => s.key === `${scenario}:${column}`)?.spread;

  it('gives each scenario’s mean ± sample sd of its own numbers', () => {
    expect(r.scenarios?.map((s) => s.scenario)).toEqual(['http1', 'grpc']);
    expect(stat('http1', 'requests')?.mean).toBeCloseTo(mean([2594, 2399, 2467]), 9);
    expect(stat('http1', 'requests')?.sd).toBeCloseTo(sd([2594, 2399, 2467]), 9);
    expect(stat('grpc', 'p95')?.mean).toBeCloseTo(mean([3350, 3590, 3780]), 9);
    expect(stat('grpc', 'p95')?.sd).toBeCloseTo(sd([3350, 3590, 3780]), 9);
    expect(stat('grpc', 'rps')?.mean).toBeCloseTo(mean([372.9, 380.9, 386.5]), 9);
    expect(stat('http1', 'checks')?.mean).toBe(1);
    expect(stat('grpc', 'checks')).toBeNull();
  });

  it('leaves repeats stopped early out, as the run’s own statistics do', () => {
    const stopped = { ...repeat([10, 1], [10, 1]), stoppedBy: 'stopped' as const };
    expect(repeatResult([...RUNS, stopped]).scenarios).toEqual(r.scenarios);
  });

  it('prints a row per scenario with mean ± sd, only when there are two scenarios or more', () => {
    const text = scenarioTable(r, paint(false));
    expect(text).toMatch(/PER SCENARIO — mean ± sample standard deviation across 3 repeats/);
    expect(text).toMatch(/scenario\s+requests\s+req\/s\s+p\(95\)\s+failed\s+checks passed/);
    expect(text).toMatch(
      /http1\s+2,487 ± 99\s+249\/s ± 9.9\/s\s+3\.42s ± 95\.4ms\s+0\.00% ± 0\.00%\s+100\.00% ± 0\.00%/,
    );
    expect(text).toMatch(/grpc\s+3,801 ± 68\.4\s+.*3\.57s ± 215ms\s+0\.00% ± 0\.00%\s+—$/m);
    expect(scenarioTable(repeatResult([fakeSummary(), fakeSummary()]), paint(false))).toBe('');
    expect(hasScenarioTable([fakeSummary()])).toBe(false);
    expect(hasScenarioTable(RUNS)).toBe(true);
  });

  it('has no per-scenario numbers from summaries written before them', () => {
    expect(scenarioNames([fakeSummary()])).toEqual([]);
    expect(scenarioKeyMetrics('http1')[0]?.read(fakeSummary())).toBeNull();
  });
});

describe('per-scenario comparison', () => {
  const before = RUNS;
  const after = [repeat([3300, 3000], [3700, 3600], 0.1), repeat([3400, 3100], [3900, 3700], 0.1)];
  const cmp = compareRuns([
    { name: 'before', summaries: before },
    { name: 'after', summaries: after },
  ]);
  const cell = (scenario: string, column: string) =>
    cmp.scenarios?.find((s) => s.scenario === scenario)?.rows.find((x) => x.key === `${scenario}:${column}`)?.cells;

  it('compares each scenario’s means, each with its own verdict', () => {
    expect(cmp.scenarios?.map((s) => s.scenario)).toEqual(['http1', 'grpc']);
    expect(cell('http1', 'requests')?.[0]).toMatchObject({ n: 3 });
    expect(cell('http1', 'requests')?.[0]?.value).toBeCloseTo(mean([2594, 2399, 2467]), 9);
    expect(cell('http1', 'requests')?.[1]).toMatchObject({ value: 3350, n: 2, verdict: 'better' });
    expect(cell('http1', 'p95')?.[1]?.verdict).toBe('better');
    expect(cell('http1', 'failed')?.[1]).toMatchObject({ verdict: 'worse' });
    expect(cell('http1', 'failed')?.[1]?.value).toBeCloseTo(0.1, 9);
    expect(cell('grpc', 'p95')?.[1]?.verdict).toBe('worse');
  });

  it('prints a per-scenario section, none for runs of one scenario', () => {
    const text = compareText(cmp, paint(false));
    expect(text).toMatch(/per scenario/);
    expect(text).toMatch(/scenario\s+metric\s+before\s+after\s+Δ\s+Δ%/);
    expect(text).toMatch(/http1\s+requests\s+2,487 ± 99\s+3,350 ± 70\.7\s+\+863\s+\+34\.7% ✓/);
    expect(text).toMatch(/^\s+p\(95\)\s+3\.42s ± 95\.4ms\s+3\.05s ± 70\.7ms\s+-370ms\s+-10\.8% ✓/m);
    const plain = compareRuns([
      { name: 'a', summaries: [fakeSummary()] },
      { name: 'b', summaries: [fakeSummary()] },
    ]);
    expect(plain.scenarios).toBeUndefined();
    expect(compareText(plain, paint(false))).not.toMatch(/per scenario/);
  });
});
