/**
 * The gRPC and WebSocket parts of timeline points: built from the workers' tagged samples (percentiles from the
 * interval's merged histograms), absent from HTTP-only points, and exact in their counts when seconds are compacted
 * or shards merged.
 */
import { describe, expect, it } from 'vitest';
import { mergeShards, type ShardFile } from './merge.ts';
import { RunTimeline } from './run-timeline.ts';
import type { Sample, TaggedSample } from './sample.ts';
import { encodeAggregate, type ShardData } from './shard.ts';
import { buildSummary } from './summary.ts';
import { aggregateOf, hist, sample, series, seriesKey, sum, uniform } from './testing.ts';
import { mergePoints } from './timeline-merge.ts';
import { emptyPoint } from './timeline-point.ts';
import { timelinePoint } from './timeline.ts';

const TAGS = { scenario: 's', group: '', request: 'Lookup', method: '/lookup.Lookup/Get' };
const WS = { scenario: 's', group: '', request: 'echo', status: '101' };

/** A tagged sample: a trend when `values` (µs) are given, else a counter of `count`. */
function tagged(metric: string, tags: Record<string, string>, values: number[] | number): TaggedSample {
  return typeof values === 'number'
    ? { metric, tags, count: values }
    : { metric, tags, count: values.length, hist: hist(values).toJSON() };
}

/** One worker's interval of gRPC calls (`ok` and `failed` durations, µs), a stream, and a WebSocket session. */
function protocols(worker: number, ok: number[], failed: number[], connecting: number[]): Sample {
  return sample(worker, {
    tagged: [
      tagged('grpc_req_duration', { ...TAGS, status: '0' }, ok),
      ...(failed.length ? [tagged('grpc_req_duration', { ...TAGS, status: '14' }, failed)] : []),
      tagged('grpc_streams', { ...TAGS, status: '0' }, 1),
      tagged('grpc_streams', { ...TAGS, status: '4' }, 1),
      tagged('grpc_streams_msgs_sent', TAGS, 3),
      tagged('grpc_streams_msgs_received', TAGS, 5),
      tagged('ws_sessions', WS, connecting.length),
      tagged('ws_connecting', WS, connecting),
      tagged('ws_msgs_sent', WS, 2 * connecting.length),
      tagged('ws_msgs_received', WS, 4 * connecting.length),
      tagged('ws_session_duration', WS, connecting),
      tagged('data_sent', WS, 700),
    ],
    errors: [
      { kind: 'ws-closed', scenario: 's', request: 'echo', message: 'closed by the server', count: 2 },
      { kind: 'refused', scenario: 's', request: 'Get', message: 'ECONNREFUSED', count: 7 },
    ],
  });
}

describe('a timeline point of gRPC and WebSocket steps', () => {
  const a = uniform(40, 1_000, 90_000, 1);
  const b = uniform(25, 50_000, 400_000, 2);
  const p = timelinePoint([protocols(0, a, [5_000, 6_000], [800, 900]), protocols(1, b, [], [3_000])], 1, 1);

  it('counts calls, failed calls (status not OK), streams and their messages of every worker', () => {
    expect(p.grpc).toMatchObject({ calls: 67, failed: 2, streams: 4, streamsFailed: 2, msgsSent: 6, msgsReceived: 10 });
  });

  it("takes grpc_req_duration's percentiles from the workers' merged histogram, not their average", () => {
    const merged = hist([...a, 5_000, 6_000, ...b]);
    const [p50, p95, p99] = merged.valuesAtPercentiles([50, 95, 99]);
    expect(p.grpc?.latency).toEqual({ p50: p50! / 1000, p95: p95! / 1000, p99: p99! / 1000, max: merged.max / 1000 });
  });

  it('counts WebSocket sessions, messages and errors of the WebSocket kinds, with ws_connecting', () => {
    expect(p.ws).toMatchObject({ sessions: 3, msgsSent: 6, msgsReceived: 12, errors: 4 });
    expect(p.ws?.connecting?.max).toBe(3);
    expect(p.ws?.connecting?.p50).toBeCloseTo(0.9, 2);
    expect(p.errors).toBe(18); // the point's errors are still every kind's
  });

  it('has no gRPC or WebSocket part when the interval had none (HTTP-only timelines do not grow)', () => {
    const http = timelinePoint(
      [sample(0, { series: [series(seriesKey('s', '', 'List', 'GET', 200, true), [1000])] })],
      1,
      1,
    );
    expect(Object.keys(http)).not.toContain('grpc');
    expect(Object.keys(http)).not.toContain('ws');
    expect(Object.keys(http).sort()).toEqual(Object.keys(emptyPoint(1, 1)).sort());
  });

  it('merged with a neighbour: counts summed, the worse percentiles, a missing part taken from the other', () => {
    const q = timelinePoint([protocols(0, [200_000], [], [100])], 2, 1);
    const m = mergePoints(p, q);
    expect(m.grpc).toMatchObject({ calls: 68, failed: 2, streams: 6, streamsFailed: 3, msgsSent: 9 });
    expect(m.grpc?.latency?.max).toBe(Math.max(p.grpc!.latency!.max, q.grpc!.latency!.max));
    expect(m.grpc?.latency?.p50).toBe(q.grpc?.latency?.p50);
    expect(m.ws).toMatchObject({ sessions: 4, msgsSent: 8, msgsReceived: 16, errors: 6 });
    const http = emptyPoint(3, 1);
    expect(mergePoints(http, q).grpc).toEqual(q.grpc);
    expect(mergePoints(q, http).ws).toEqual(q.ws);
    expect(mergePoints(http, http)).not.toHaveProperty('grpc');
  });
});

/** Second s of a shard: `calls` gRPC calls of `d(s)` µs (one failed), `calls` sessions connecting in `d(s)` µs. */
function second(s: number, calls: number, d: (s: number) => number): Sample {
  const values = Array.from({ length: calls }, (_, i) => d(s) + i);
  return sample(0, {
    interval: s,
    tagged: [
      tagged('grpc_req_duration', { ...TAGS, status: '0' }, values.slice(1)),
      tagged('grpc_req_duration', { ...TAGS, status: '13' }, values.slice(0, 1)),
      tagged('ws_sessions', WS, calls),
      tagged('ws_connecting', WS, values),
    ],
    vus: { s: 1 },
  });
}

describe('compacting and merging timelines with gRPC and WebSocket parts', () => {
  it('a compacted timeline keeps every call and session, and the worst second visible', () => {
    const tl = new RunTimeline({ maxPoints: 8 });
    for (let s = 0; s < 100; s++) tl.add([second(s, 1 + (s % 5), (x) => (x === 37 ? 900_000 : 1000))], s + 1, 1, 0);
    expect(tl.points.length).toBeLessThanOrEqual(8);
    const calls = sum(Array.from({ length: 100 }, (_, s) => 1 + (s % 5)));
    expect(sum(tl.points.map((p) => p.grpc?.calls ?? 0))).toBe(calls);
    expect(sum(tl.points.map((p) => p.grpc?.failed ?? 0))).toBe(100);
    expect(sum(tl.points.map((p) => p.ws?.sessions ?? 0))).toBe(calls);
    expect(Math.max(...tl.points.map((p) => p.grpc?.latency?.max ?? 0))).toBeGreaterThanOrEqual(900);
  });

  /** A shard of `seconds` points compacted to at most `max`, started at `startMs`. */
  function shard(segment: string, seconds: number, max: number, d: (s: number) => number): ShardFile {
    const tl = new RunTimeline({ shard: true, maxPoints: max });
    const all: Sample[] = [];
    for (let s = 0; s < seconds; s++) {
      const one = second(s, 3, d);
      all.push(one);
      tl.add([one], s + 1, 1, 0);
    }
    const agg = aggregateOf(all);
    const scenarios = [
      { name: 's', executor: 'shared-iterations', description: '', maxVus: 2, startMs: 0, regularMs: 1 },
    ];
    const summary = buildSummary({
      agg,
      thresholds: [],
      timeline: tl.points,
      scenarios,
      plan: { name: 'p' },
      startedAt: new Date(Date.parse('2025-03-01T10:00:00.000Z')),
      durationMs: seconds * 1000,
      stoppedBy: 'completed',
      vusMax: 1,
      workers: 1,
      cpus: 1,
      version: 't',
      notes: [],
    });
    const data: ShardData = {
      format: 1,
      planHash: 'sha256:aaa',
      sequence: '0,1/2,1',
      segments: [segment],
      thresholds: {},
      customTags: [],
      scenarios,
      vusMax: 2,
      aggregate: encodeAggregate(agg),
      seconds: tl.seconds,
    };
    return { source: `${segment}.json`, summary: { ...summary, shard: data } };
  }

  it("merged shards: counts exact, each point's percentiles from the shards' merged histograms", () => {
    const a = shard('0:1/2', 8, 8, (s) => 1000 * (s + 1)); // 8 points of 1 s
    const b = shard('1/2:1', 8, 4, (s) => 100 * (s + 1)); // 4 points of 2 s
    const { summary } = mergeShards([a, b], 't');
    expect(summary.timeline.map((p) => [p.t, p.grpc?.calls, p.grpc?.failed, p.ws?.sessions])).toEqual([
      [2, 12, 4, 12],
      [4, 12, 4, 12],
      [6, 12, 4, 12],
      [8, 12, 4, 12],
    ]);
    // The first 2 s: shard a's seconds 1 and 2, shard b's first point (its seconds 1 and 2).
    const values = [1000, 1001, 1002, 2000, 2001, 2002, 100, 101, 102, 200, 201, 202];
    const merged = hist(values);
    expect(summary.timeline[0]?.grpc?.latency?.p50).toBe(merged.valueAtPercentile(50) / 1000);
    expect(summary.timeline[0]?.ws?.connecting?.p95).toBe(merged.valueAtPercentile(95) / 1000);
    // Merging the merged file again keeps the histograms.
    expect(summary.shard?.seconds[0]?.grpc?.count).toBe(12);
    expect(summary.shard?.seconds[0]?.wsConnecting?.count).toBe(12);
  });
});
