/** Tagged metrics (gRPC) from the recorder to the run totals, thresholds' reads, the summary and merged shards. */
import { describe, expect, it } from 'vitest';
import { RunAggregate } from './aggregate.ts';
import { readMetric } from './query.ts';
import { MetricsRecorder } from './recorder.ts';
import { METRICS } from '../base/metric-registry.ts';
import { encodeAggregate, mergeAggregates, ShardAggregate } from './shard.ts';
import { buildSummary } from './summary.ts';

const clock = { elapsedS: 10, vus: 1, vusMax: 1 };
const base = { scenario: 's', group: '::g', request: 'get', method: '/lookup.Lookup/Get' };

/** One worker's run: `ok` calls of 1..ok ms with status 0, `failed` of 500 ms with status 14, and a stream. */
function workerRun(ok: number, failed: number): RunAggregate {
  const r = new MetricsRecorder();
  const good = r.taggedSeries('grpc_req_duration', { ...base, status: '0' }, true);
  const bad = r.taggedSeries('grpc_req_duration', { ...base, status: '14' }, true);
  for (let i = 1; i <= ok; i++) good.record(i * 1000);
  for (let i = 0; i < failed; i++) bad.record(500_000);
  r.taggedSeries('grpc_streams', { ...base, request: 'watch', status: '0' }, false).add(1);
  const agg = new RunAggregate();
  agg.add(r.flush(0, 0, false, {}));
  agg.add(r.flush(0, 1, true, {})); // an empty interval adds nothing
  return agg;
}

describe('tagged metrics', () => {
  it('thresholds read them by tag (name = request, groups with or without ::); a trend counts its calls', () => {
    const agg = workerRun(100, 5);
    const read = (name: string, tags: Record<string, string> = {}) => readMetric(agg, METRICS[name]!, tags, clock);
    expect(read('grpc_req_duration').histogram?.count).toBe(105);
    expect(read('grpc_req_duration', { status: '0' }).histogram?.valueAtPercentile(100)).toBeCloseTo(100_000, -3);
    expect(read('grpc_req_duration', { name: 'get', group: 'g', status: '14' }).histogram?.count).toBe(5);
    expect(read('grpc_req_duration', { request: 'other' }).histogram?.count).toBe(0);
    expect(read('grpc_streams')).toEqual({ count: 1, rate: 0.1 });
  });

  it('the summary has them only when recorded, and merged shards give the same totals as one run', () => {
    const one = workerRun(100, 5);
    // Through the shard's schema, as `loadsmith merge` reads the files.
    const merged = mergeAggregates(
      [workerRun(60, 2), workerRun(40, 3)].map((a) =>
        ShardAggregate.parse(JSON.parse(JSON.stringify(encodeAggregate(a)))),
      ),
    );
    const summaryOf = (agg: RunAggregate) =>
      buildSummary({
        agg,
        thresholds: [],
        timeline: [],
        scenarios: [],
        plan: { name: 't' },
        startedAt: new Date(0),
        durationMs: 10_000,
        stoppedBy: 'completed',
        vusMax: 1,
        workers: 1,
        cpus: 1,
        version: 'test',
        notes: [],
      }).metrics;
    const s = summaryOf(one);
    expect(s.grpc_req_duration).toMatchObject({ type: 'trend', count: 105 });
    expect(s.grpc_streams).toMatchObject({ type: 'counter', count: 1 });
    expect(s.grpc_streams_msgs_sent).toBeUndefined();
    expect(summaryOf(merged).grpc_req_duration).toMatchObject({ count: 105 });
    expect(summaryOf(merged).grpc_streams).toMatchObject({ count: 2 });
    expect(summaryOf(new RunAggregate()).grpc_req_duration).toBeUndefined();
  });
});
