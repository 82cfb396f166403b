/**
 * Merging shards: the merged summary equals the summary of one run that saw every shard's samples (exact
 * percentiles, summed counts), thresholds are evaluated on the merged data, timelines line up by wall-clock time,
 * and shards that cannot be merged are refused.
 */
import { describe, expect, it } from 'vitest';
import { MergeError } from './merge-check.ts';
import { mergeShards, type ShardFile } from './merge.ts';
import { mergeTimelines } from './merge-timeline.ts';
import { RunTimeline } from './run-timeline.ts';
import type { Sample } from './sample.ts';
import { encodeAggregate, type ShardData } from './shard.ts';
import { shardSecond } from './shard-seconds.ts';
import { buildSummary, type Summary } from './summary.ts';
import { aggregateOf, exactPercentile, hist, sample, series, seriesKey, uniform } from './testing.ts';
import { Thresholds } from './thresholds/evaluate.ts';
import { timelinePoint } from './timeline.ts';
import { trendStats } from './trend.ts';

const LIST = seriesKey('s', '', 'List users', 'GET', 200, true);
const LOGIN = seriesKey('s', '', 'Login', 'POST', 200, true);
const THRESHOLDS = { http_reqs: ['count<200'], 'http_req_duration{request:Login}': ['p(99)<1000000'] };
const SCENARIOS = [
  { name: 's', executor: 'shared-iterations', description: 'whole plan', maxVus: 6, startMs: 0, regularMs: 600_000 },
];
const T0 = Date.parse('2025-03-01T10:00:00.000Z');

/** Shard j's raw durations per second: [second][request] -> values (µs). */
const raw = (j: number): number[][][] =>
  [0, 1].map((s) => [uniform(30 + j, 1_000, 90_000, 10 * j + s), uniform(25, 50_000, 400_000, 100 + 10 * j + s)]);

function samplesOf(values: number[][][]): Sample[][] {
  return values.map((sec, s) => [
    sample(0, {
      interval: s,
      series: [series(LIST, sec[0] as number[]), series(LOGIN, sec[1] as number[])],
      iterations: [
        {
          scenario: 's',
          completed: (sec[0] as number[]).length,
          interrupted: 0,
          duration: hist(sec[1] as number[]).toJSON(),
        },
      ],
      vus: { s: 2 },
    }),
  ]);
}

function shardFile(j: number, segment: string, startMs: number, over: Partial<ShardData> = {}): ShardFile {
  const perSecond = samplesOf(raw(j));
  const agg = aggregateOf(perSecond.flat());
  const seconds = perSecond.map((samples, s) => shardSecond(samples, s + 1));
  const timeline = perSecond.map((samples, s) => timelinePoint(samples, s + 1, 1));
  const summary: Summary = buildSummary({
    agg,
    thresholds: new Thresholds(THRESHOLDS).evaluate(agg, { elapsedS: 2, vus: 2, vusMax: 2 }),
    timeline,
    scenarios: SCENARIOS,
    plan: { name: 'p' },
    startedAt: new Date(startMs),
    durationMs: 2000,
    stoppedBy: 'completed',
    vusMax: 2,
    workers: 1,
    cpus: 2,
    version: 't',
    notes: [],
  });
  const shard: ShardData = {
    format: 1,
    planHash: 'sha256:aaa',
    sequence: '0,1/3,2/3,1',
    segments: [segment],
    thresholds: THRESHOLDS,
    customTags: [],
    scenarios: SCENARIOS,
    vusMax: 6,
    aggregate: encodeAggregate(agg),
    seconds,
    ...over,
  };
  return { source: `shard-${j}.json`, summary: { ...summary, shard } };
}

const three = (): ShardFile[] => [
  shardFile(0, '0:1/3', T0),
  shardFile(1, '1/3:2/3', T0),
  shardFile(2, '2/3:1', T0 + 300),
];

describe('mergeShards', () => {
  it('gives the summary of one run that saw every request: exact percentiles, summed counts', () => {
    const { summary, warnings } = mergeShards(three(), 't');
    expect(warnings).toEqual([]);
    const all = [0, 1, 2].flatMap((j) => raw(j));
    const list = all.flatMap((s) => s[0] as number[]);
    const login = all.flatMap((s) => s[1] as number[]);
    expect(summary.metrics.http_req_duration).toEqual({
      type: 'trend',
      unit: 'ms',
      ...trendStats(hist([...list, ...login])),
    });
    expect(summary.metrics.http_reqs).toMatchObject({ count: list.length + login.length });
    expect(summary.metrics.iterations).toMatchObject({ count: list.length });
    expect(summary.requests.find((r) => r.name === 'Login')?.duration).toEqual(trendStats(hist(login)));
    // The same numbers as one aggregate of every sample, built the way a single run builds it.
    const single = aggregateOf([0, 1, 2].flatMap((j) => samplesOf(raw(j)).flat()));
    const direct = buildSummary({
      agg: single,
      thresholds: [],
      timeline: summary.timeline,
      scenarios: SCENARIOS,
      plan: { name: 'p' },
      startedAt: new Date(T0),
      durationMs: summary.durationMs,
      stoppedBy: 'completed',
      vusMax: 6,
      workers: 3,
      cpus: 6,
      version: 't',
      notes: [],
    });
    expect(summary.metrics).toEqual(direct.metrics);
    expect(summary.durationMs).toBe(2300);
    expect(summary.scenarios[0]).toMatchObject({ description: 'whole plan', maxVus: 6, iterations: list.length });
  });

  it('evaluates the thresholds on the merged data: every shard passed count<200, the run did not', () => {
    const files = three();
    expect(files.map((f) => f.summary.status)).toEqual(['passed', 'passed', 'passed']);
    const { summary } = mergeShards(files, 't');
    expect(summary.thresholds[0]).toMatchObject({
      metric: 'http_reqs',
      expression: 'count<200',
      ok: false,
      value: summary._total,
    });
    expect(summary.thresholds[1]).toMatchObject({
      ok: true,
      value: trendStats(hist([0, 1, 2].flatMap((j) => raw(j).flatMap((s) => s[1] as number[])))).p99,
    });
    expect(summary.status).toBe('failed');
  });

  it('lines the timelines up by wall-clock time, with per-second percentiles of the merged histograms', () => {
    const { summary } = mergeShards(three(), 't');
    // Shards 0 and 1 started together; shard 2 300 ms later, so its seconds end in merged seconds 2 and 3.
    expect(summary.timeline.map((p) => p.t)).toEqual([1, 2, 2.3]);
    const first = [0, 1].flatMap((j) => raw(j)[0] as number[][]).flat();
    expect(summary.timeline[0]?.reqs).toBe(first.length);
    expect(summary.timeline[0]?.latency?.p50).toBe(hist(first).valueAtPercentile(50) / 1000);
    expect(summary.timeline[0]?.vus).toBe(4);
    expect(summary.timeline.reduce((n, p) => n + p.reqs, 0)).toBe(summary._total);
    expect(summary.timeline[2]?.span).toBeCloseTo(0.3, 9);
    expect(exactPercentile(first, 50) / 1000).toBeCloseTo(summary.timeline[0]?.latency?.p50 ?? 0, 1);
  });

  it('merges merged files again: (A + B) + C is A + B + C', () => {
    const [a, b, c] = three() as [ShardFile, ShardFile, ShardFile];
    const ab = mergeShards([a, b], 't').summary as Summary & { shard: ShardData };
    expect(ab.shard.segments).toEqual(['0:1/3', '1/3:2/3']);
    const abc = mergeShards([{ source: 'ab.json', summary: ab }, c], 't').summary;
    expect(abc.metrics).toEqual(mergeShards([a, b, c], 't').summary.metrics);
  });

  it('warns about missing segments and refuses overlaps, other plans and other sequences', () => {
    const [a, , c] = three() as [ShardFile, ShardFile, ShardFile];
    expect(mergeShards([a, c], 't').warnings).toEqual([
      'the shards cover 66.67% (2/3) of the plan: segment 1/3:2/3 is missing, so the merged numbers are those of part of the load',
    ]);
    expect(() => mergeShards([a, shardFile(0, '0:1/3', T0)], 't')).toThrow(
      /segment 0:1\/3 is in both shard-0\.json and shard-0\.json.*retried pod/,
    );
    expect(() => mergeShards([a, shardFile(1, '1/3:2/3', T0, { planHash: 'sha256:bbb' })], 't')).toThrow(
      /is a run of another plan/,
    );
    expect(() => mergeShards([a, shardFile(1, '1/2:1', T0, { sequence: '0,1/2,1' })], 't')).toThrow(MergeError);
    expect(() => mergeShards([], 't')).toThrow(/nothing to merge/);
  });
});

describe('mergeShards: summaryTrendStats', () => {
  it("keeps the run's choice, each chosen percentile from the merged histograms", () => {
    const files = three().map((f) => ({ ...f, summary: { ...f.summary, summaryTrendStats: ['med', 'p(99.9)'] } }));
    const { summary } = mergeShards(files, 't');
    expect(summary.summaryTrendStats).toEqual(['med', 'p(99.9)']);
    const all = [0, 1, 2].flatMap((j) => raw(j).flatMap((sec) => sec.flat()));
    const d = summary.metrics.http_req_duration;
    expect(d?.type === 'trend' && d['p99.9']).toBe(hist(all).valueAtPercentile(99.9) / 1000);
  });
});

describe("mergeShards: the open model's target", () => {
  // Each segment started 40 of the plan's 120 iterations over 2 s.
  const open = (j: number, segment: string): ShardFile =>
    shardFile(j, segment, T0, {
      scenarios: [
        {
          name: 's',
          executor: 'constant-arrival-rate',
          description: '',
          maxVus: 6,
          startMs: 0,
          regularMs: 2000,
          planned: 120,
        },
      ],
      aggregate: encodeAggregate(
        aggregateOf([
          sample(0, {
            final: true,
            iterations: [
              {
                scenario: 's',
                completed: 40,
                interrupted: 0,
                duration: hist([1]).toJSON(),
                scheduled: 40,
                started: 40,
                lag: hist([1]).toJSON(),
              },
            ],
          }),
        ]),
      ),
    });

  it("is the plan's when the shards cover all of it, and what came due when a segment is missing", () => {
    const all = mergeShards([open(0, '0:1/3'), open(1, '1/3:2/3'), open(2, '2/3:1')], 't').summary.scenarios[0]
      ?.arrival;
    expect(all).toMatchObject({ planned: 120, scheduled: 120, started: 120, targetRate: 60, achievedRate: 60 });
    const part = mergeShards([open(0, '0:1/3'), open(2, '2/3:1')], 't').summary.scenarios[0]?.arrival;
    expect(part).toMatchObject({ scheduled: 80, targetRate: 40, achievedRate: 40 });
    expect(part).not.toHaveProperty('planned');
  });
});

describe('merging compacted timelines', () => {
  /** A shard of `seconds` one-second points (one request of `d(s)` µs each), compacted to at most `max` points. */
  function compacted(segment: string, seconds: number, max: number, d: (s: number) => number): ShardFile {
    const tl = new RunTimeline({ shard: true, maxPoints: max });
    const all: Sample[] = [];
    for (let s = 0; s < seconds; s++) {
      const one = sample(0, { interval: s, series: [series(LIST, [d(s)])], vus: { s: 1 } });
      all.push(one);
      tl.add([one], s + 1, 1, 0);
    }
    const agg = aggregateOf(all);
    const summary = buildSummary({
      agg,
      thresholds: [],
      timeline: tl.points,
      scenarios: SCENARIOS,
      plan: { name: 'p' },
      startedAt: new Date(T0),
      durationMs: seconds * 1000,
      stoppedBy: 'completed',
      vusMax: 1,
      workers: 1,
      cpus: 1,
      version: 't',
      notes: [],
    });
    const shard: ShardData = {
      format: 1,
      planHash: 'sha256:aaa',
      sequence: '0,1/2,1',
      segments: [segment],
      thresholds: {},
      customTags: [],
      scenarios: SCENARIOS,
      vusMax: 2,
      aggregate: encodeAggregate(agg),
      seconds: tl.seconds,
    };
    return { source: `${segment}.json`, summary: { ...summary, shard } };
  }

  it('merges a 2 s shard with a 1 s one at 2 s per point, percentiles from the merged histograms', () => {
    const a = compacted('0:1/2', 8, 8, (s) => 1000 * (s + 1)); // 8 points of 1 s
    const b = compacted('1/2:1', 8, 4, (s) => 100 * (s + 1)); // 4 points of 2 s
    expect([a.summary.timeline.length, b.summary.timeline.length]).toEqual([8, 4]);
    const { summary } = mergeShards([a, b], 't');
    expect(summary.timeline.map((p) => [p.t, p.span, p.reqs])).toEqual([
      [2, 2, 4],
      [4, 2, 4],
      [6, 2, 4],
      [8, 2, 4],
    ]);
    expect(summary.timeline[0]?.latency?.p50).toBe(hist([1000, 2000, 100, 200]).valueAtPercentile(50) / 1000);
    expect(summary.timeline[3]?.latency?.max).toBe(8);
    expect(summary.shard?.seconds.map((s) => s.t)).toEqual([2, 4, 6, 8]);
  });

  it('coarsens a merged timeline that would be longer than the limit', () => {
    // Two 8-point shards started 5 s apart: 13 merged seconds, more than 8 points, so 2 s each.
    const a = compacted('0:1/2', 8, 8, () => 1000);
    const b = compacted('1/2:1', 8, 8, () => 1000);
    const late = { ...b, summary: { ...b.summary, startedAt: new Date(T0 + 5000).toISOString() } };
    const { timeline } = mergeTimelines(
      [a, late].map((f) => ({
        startMs: Date.parse(f.summary.startedAt),
        timeline: f.summary.timeline,
        seconds: f.summary.shard.seconds,
      })),
      T0,
      13_000,
      8,
    );
    expect(timeline.map((p) => p.t)).toEqual([2, 4, 6, 8, 10, 12, 13]);
    expect(timeline.reduce((n, p) => n + p.reqs, 0)).toBe(16);
  });
});
