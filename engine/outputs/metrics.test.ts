import { describe, expect, it } from 'vitest';
import { IntervalMapper, seriesId, type MetricPoint } from './metrics.ts';
import type { Sample } from '../metrics/sample.ts';
import { hist, sample } from '../metrics/testing.ts';
import { second } from './testing.ts';

const find = (points: MetricPoint[], metric: string, status?: string): MetricPoint | undefined =>
  points.find((p) => p.metric === metric && (status === undefined || p.labels.status === status));

describe('IntervalMapper', () => {
  it("gives counters and rates the second's increment and the running total of their series", () => {
    const mapper = new IntervalMapper();
    const a = second(0, [1000, 2000, 3000], [5000]);
    const b = second(1, [1000], [6000, 7000]);
    const first = mapper.map(a.tick, a.samples, 1000).points;
    const next = mapper.map(b.tick, b.samples, 2000).points;
    expect(find(first, 'http_reqs', '200')).toMatchObject({ kind: 'counter', delta: 3, total: 3 });
    expect(find(next, 'http_reqs', '200')).toMatchObject({ kind: 'counter', delta: 1, total: 4 });
    expect(find(next, 'http_reqs', '503')).toMatchObject({ delta: 2, total: 3 });
    expect(find(next, 'http_req_failed', '503')).toMatchObject({
      kind: 'rate',
      passes: 2,
      fails: 0,
      totalPasses: 3,
      totalFails: 0,
    });
    expect(find(next, 'checks')).toMatchObject({
      kind: 'rate',
      labels: { scenario: 'browse', group: '::catalog', name: 'List', check: 'status is 200' },
      passes: 1,
      fails: 2,
      totalPasses: 4,
      totalFails: 3,
    });
  });

  it("labels HTTP series with k6's tags and the plan's custom tags", () => {
    const a = second(0, [1000], []);
    expect(find(new IntervalMapper().map(a.tick, a.samples, 1000).points, 'http_reqs')!.labels).toEqual({
      team: 'a b',
      scenario: 'browse',
      group: '::catalog',
      name: 'List',
      method: 'GET',
      status: '200',
      expected_response: 'true',
    });
  });

  it("adds the second's trend of all requests together, equal to the tick's latency, with running count and sum", () => {
    const mapper = new IntervalMapper();
    const a = second(0, [1000, 2000, 3000], [50_000]);
    mapper.map(a.tick, a.samples, 1000);
    const b = second(1, [4000], [9000]);
    const points = mapper.map(b.tick, b.samples, 2000).points;
    const all = points.find((p) => p.kind === 'trend' && p.all);
    expect(all).toMatchObject({ metric: 'http_req_duration', labels: {}, totalCount: 6, totalSum: 69_000 });
    if (all?.kind !== 'trend') throw new Error('no trend');
    expect(all.histogram.valueAtPercentile(95) / 1000).toBe(b.tick.latency!.p95);
    expect(
      points
        .filter((p) => p.kind === 'trend' && p.metric === 'http_req_duration' && !p.all)
        .map((p) => p.labels.status)
        .sort(),
    ).toEqual(['200', '503']);
  });

  it("adds vus, vus_max, each threshold's verdict and the generator's load as gauges", () => {
    const a = second(0, [1000], []);
    const points = new IntervalMapper().map(a.tick, a.samples, 1000).points;
    expect(find(points, 'vus')).toMatchObject({ kind: 'gauge', value: 2 });
    expect(find(points, 'vus_max')).toMatchObject({ kind: 'gauge', value: 3 });
    expect(find(points, 'loadsmith_threshold_ok')).toMatchObject({
      labels: { metric: 'http_req_duration', threshold: 'p(95)<500' },
      value: 1,
    });
    expect(find(points, 'loadsmith_generator_cpu')).toMatchObject({ kind: 'gauge' });
  });
});

describe('IntervalMapper: gRPC and WebSocket', () => {
  const grpc = { scenario: 'lookup', group: '', request: 'Get', method: '/lookup.Lookup/Get', team: 'a b' };
  const ws = { scenario: 'chat', group: '::room', request: 'echo', status: '101' };
  const interval = (i: number): Sample[] => [
    sample(0, {
      interval: i,
      tagged: [
        {
          metric: 'grpc_req_duration',
          tags: { ...grpc, status: '0' },
          count: 3,
          hist: hist([1000, 2000, 3000]).toJSON(),
        },
        { metric: 'grpc_req_duration', tags: { ...grpc, status: '14' }, count: 1, hist: hist([9000]).toJSON() },
        { metric: 'grpc_streams', tags: { ...grpc, status: '0' }, count: 2 },
        { metric: 'grpc_streams_msgs_sent', tags: grpc, count: 6 },
        { metric: 'grpc_streams_msgs_received', tags: grpc, count: 8 },
        { metric: 'ws_sessions', tags: ws, count: 2 },
        { metric: 'ws_connecting', tags: ws, count: 2, hist: hist([500, 700]).toJSON() },
        { metric: 'ws_session_duration', tags: ws, count: 2, hist: hist([50_000, 70_000]).toJSON() },
        { metric: 'ws_ping', tags: ws, count: 1, hist: hist([300]).toJSON() },
        { metric: 'ws_msgs_sent', tags: ws, count: 4 },
        { metric: 'ws_msgs_received', tags: ws, count: 5 },
        { metric: 'data_sent', tags: ws, count: 400 },
      ],
    }),
  ];

  it("emits k6's metric names with k6's tags (the step's name as `name`), counters with running totals", () => {
    const mapper = new IntervalMapper();
    const a = second(0, [], []);
    mapper.map(a.tick, interval(0), 1000);
    const points = mapper.map(a.tick, interval(1), 2000).points;
    expect(find(points, 'grpc_req_duration', '0')).toMatchObject({
      kind: 'trend',
      labels: { scenario: 'lookup', group: '', name: 'Get', method: '/lookup.Lookup/Get', status: '0', team: 'a b' },
      totalCount: 6,
      totalSum: 12_000,
    });
    const failed = find(points, 'grpc_req_duration', '14');
    expect(failed?.kind === 'trend' && failed.histogram.max).toBe(hist([9000]).max);
    expect(find(points, 'grpc_streams')).toMatchObject({ kind: 'counter', delta: 2, total: 4 });
    expect(find(points, 'grpc_streams_msgs_sent')).toMatchObject({ kind: 'counter', delta: 6, total: 12 });
    expect(find(points, 'grpc_streams_msgs_received')).toMatchObject({ delta: 8, total: 16 });
    const labels = { scenario: 'chat', group: '::room', name: 'echo', status: '101' };
    expect(find(points, 'ws_sessions')).toMatchObject({ kind: 'counter', labels, delta: 2, total: 4 });
    expect(find(points, 'ws_msgs_sent')).toMatchObject({ delta: 4, total: 8 });
    expect(find(points, 'ws_msgs_received')).toMatchObject({ delta: 5, total: 10 });
    expect(find(points, 'data_sent')).toMatchObject({ labels, delta: 400, total: 800 });
    for (const m of ['ws_connecting', 'ws_session_duration', 'ws_ping'])
      expect(find(points, m), m).toMatchObject({ kind: 'trend', labels });
    expect(find(points, 'ws_connecting')).toMatchObject({ totalCount: 4, totalSum: 2400 });
    // Not part of the trend of all HTTP requests.
    expect(points.find((p) => p.kind === 'trend' && p.all)).toBeUndefined();
  });
});

describe('IntervalMapper trends', () => {
  it('sends no trend point for a second without values (iterations that were all interrupted)', () => {
    const a = second(0, [1000], []);
    a.samples[0]!.iterations.push({ scenario: 'browse', completed: 0, interrupted: 2, duration: hist([]).toJSON() });
    a.samples[0]!.iterations.push({ scenario: 'other', completed: 1, interrupted: 0, duration: hist([5000]).toJSON() });
    const points = new IntervalMapper()
      .map(a.tick, a.samples, 1000)
      .points.filter((p) => p.metric === 'iteration_duration');
    expect(points.map((p) => p.labels.scenario)).toEqual(['other']);
  });
});

describe('seriesId', () => {
  it('is the same whatever the order of the labels, and differs by any value', () => {
    expect(seriesId('m', { a: '1', b: '2' })).toBe(seriesId('m', { b: '2', a: '1' }));
    expect(seriesId('m', { a: '1', b: '2' })).not.toBe(seriesId('m', { a: '1', b: '3' }));
    expect(seriesId('m', { a: '1' })).not.toBe(seriesId('n', { a: '1' }));
  });
});
