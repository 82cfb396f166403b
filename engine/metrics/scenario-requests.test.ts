/**
 * Per-scenario numbers in the summary: each scenario's HTTP requests or gRPC calls, its rate over its own active
 * time, failures, latency from its own merged histogram and its checks; exact whether one aggregate saw every
 * worker's samples or shards were merged.
 */
import { describe, expect, it } from 'vitest';
import type { Sample, TaggedSample } from './sample.ts';
import { encodeAggregate, mergeAggregates } from './shard.ts';
import { buildSummary, type SummaryInput } from './summary.ts';
import { aggregateOf, halves, hist, sample, series, seriesKey, uniform } from './testing.ts';
import { trendStats } from './trend.ts';
import type { RunAggregate } from './aggregate.ts';

const H1_OK = uniform(120, 2_000, 60_000, 1);
const H1_500 = uniform(9, 1_000, 5_000, 2);
const H2_OK = uniform(80, 3_000, 90_000, 3);
const GRPC_OK = uniform(150, 500, 30_000, 4);
const GRPC_UNAVAILABLE = uniform(7, 100, 900, 5);

const grpc = (status: string, values: readonly number[]): TaggedSample => ({
  metric: 'grpc_req_duration',
  tags: { scenario: 'grpc', group: '', request: 'lookup', method: 'lookup.Lookup/Get', status },
  count: values.length,
  hist: hist(values).toJSON(),
});

/** Worker `w`'s half of every scenario's requests, calls and checks. */
function workerSample(w: 0 | 1): Sample {
  const h = (xs: readonly number[]): number[] => halves(xs)[w];
  return sample(w, {
    final: true,
    series: [
      series(seriesKey('http1', '', 'lookup', 'GET', 200, true), h(H1_OK)),
      series(seriesKey('http1', '', 'lookup', 'GET', 500, false), h(H1_500)),
      series(seriesKey('http2', '', 'lookup', 'GET', 200, true), h(H2_OK)),
    ],
    checks: [
      { key: { scenario: 'http1', group: '', request: 'lookup', check: 'status 200' }, pass: 60, fail: 5 - w },
      { key: { scenario: 'grpc', group: '', request: 'lookup', check: 'OK' }, pass: 70 + w, fail: 3 },
    ],
    // A stream is not a call: grpc_streams stays out of the scenario's requests.
    tagged: [
      grpc('0', h(GRPC_OK)),
      grpc('14', h(GRPC_UNAVAILABLE)),
      { metric: 'grpc_streams', tags: { scenario: 'grpc', status: '0' }, count: 4 },
    ],
  });
}

const SCENARIOS: SummaryInput['scenarios'] = [
  { name: 'http1', executor: 'constant-vus', description: '', maxVus: 2, startMs: 0, regularMs: 10_000 },
  { name: 'http2', executor: 'constant-vus', description: '', maxVus: 2, startMs: 12_000, regularMs: 10_000 },
  { name: 'grpc', executor: 'constant-vus', description: '', maxVus: 2, startMs: 24_000, regularMs: 10_000 },
  { name: 'idle', executor: 'shared-iterations', description: '', maxVus: 1, startMs: 0, regularMs: 10_000 },
];

function summaryOf(agg: RunAggregate, durationMs = 34_000) {
  return buildSummary({
    agg,
    thresholds: [],
    timeline: [],
    scenarios: SCENARIOS,
    plan: { name: 'Protocols' },
    startedAt: new Date('2026-01-01T00:00:00Z'),
    durationMs,
    stoppedBy: 'completed',
    vusMax: 6,
    workers: 2,
    cpus: 2,
    version: '0.0.0-test',
    notes: [],
  });
}

const byName = (s: ReturnType<typeof summaryOf>, name: string) => s.scenarios.find((x) => x.name === name);

describe('per-scenario numbers', () => {
  const s = summaryOf(aggregateOf([workerSample(0), workerSample(1)]));

  it('counts each scenario’s HTTP requests and gRPC calls, failures and checks', () => {
    expect(byName(s, 'http1')?.requests).toMatchObject({
      protocols: ['http'],
      count: H1_OK.length + H1_500.length,
      failed: H1_500.length,
      failedRate: H1_500.length / (H1_OK.length + H1_500.length),
    });
    expect(byName(s, 'http1')?.checks).toEqual({ passes: 120, fails: 9, rate: 120 / 129 });
    expect(byName(s, 'http2')?.requests).toMatchObject({ protocols: ['http'], count: H2_OK.length, failed: 0 });
    expect(byName(s, 'http2')?.checks).toBeUndefined();
    expect(byName(s, 'grpc')?.requests).toMatchObject({
      protocols: ['grpc'],
      count: GRPC_OK.length + GRPC_UNAVAILABLE.length,
      failed: GRPC_UNAVAILABLE.length,
    });
    expect(byName(s, 'grpc')?.checks).toEqual({ passes: 141, fails: 6, rate: 141 / 147 });
    expect(byName(s, 'idle')?.requests).toBeUndefined();
  });

  it('takes latency from the scenario’s own merged histogram', () => {
    expect(byName(s, 'http1')?.requests?.duration).toEqual(trendStats(hist([...H1_OK, ...H1_500])));
    expect(byName(s, 'grpc')?.requests?.duration).toEqual(trendStats(hist([...GRPC_OK, ...GRPC_UNAVAILABLE])));
    expect(byName(s, 'http2')?.requests?.duration).toEqual(trendStats(hist(H2_OK)));
  });

  it('rates over the scenario’s own active time, cut short when the run was', () => {
    expect(byName(s, 'http2')?.requests?.rate).toBeCloseTo(H2_OK.length / 10, 9);
    // Stopped 4 s into the gRPC scenario: its rate is over those 4 s, not its planned 10 s nor the run's 28 s.
    const stopped = summaryOf(aggregateOf([workerSample(0), workerSample(1)]), 28_000);
    expect(byName(stopped, 'grpc')?.requests?.rate).toBeCloseTo((GRPC_OK.length + GRPC_UNAVAILABLE.length) / 4, 9);
  });

  it('adds up to the run’s totals', () => {
    const http = ['http1', 'http2'].reduce((n, name) => n + (byName(s, name)?.requests?.count ?? 0), 0);
    expect(http).toBe(s._total);
    const calls = s.metrics.grpc_req_duration;
    expect(calls?.type === 'trend' ? calls.count : -1).toBe(byName(s, 'grpc')?.requests?.count);
  });

  it('merges exactly across shards', () => {
    const shards = [workerSample(0), workerSample(1)].map((w) => encodeAggregate(aggregateOf([w])));
    const merged = summaryOf(mergeAggregates(shards));
    expect(merged.scenarios).toEqual(s.scenarios);
    expect(byName(merged, 'grpc')?.requests?.count).toBe(GRPC_OK.length + GRPC_UNAVAILABLE.length);
  });
});
