/**
 * `--out otlp=URL`: the CLI sends OTLP/HTTP protobuf to a receiver here that decodes the real messages (protobufjs
 * with the opentelemetry-proto definitions). The run is the resource; counters are cumulative sums whose last
 * values equal the summary; trends are exponential histograms whose count and sum are the summary's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import {
  attr,
  startOtlpReceiver,
  type DecodedMetric,
  type OtlpReceiver,
} from '../fixtures/metric-stores/otlp-receiver.ts';
import { streamedRun, type StreamedRun } from '../fixtures/metric-stores/run.ts';

let server: TargetServer;
let receiver: OtlpReceiver;
let run: StreamedRun;
let stopped: { run: StreamedRun; receiver: OtlpReceiver };

beforeAll(async () => {
  server = await startTargetServer();
  receiver = await startOtlpReceiver();
  run = await streamedRun(server.url, [`otlp=${receiver.url}`], {
    env: {
      LOADSMITH_OTLP_HEADERS: 'X-Scope-OrgID=team-a,Authorization=Bearer otlp-token',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=ci',
    },
  });
  const second = await startOtlpReceiver();
  stopped = {
    receiver: second,
    run: await streamedRun(server.url, [`otlp=${second.url}`], { seconds: 60, interruptAfterMs: 1500 }),
  };
}, 240_000);
afterAll(async () => {
  await receiver?.close();
  await stopped?.receiver.close();
  await server?.close();
});

/** Every metric of every request, in the order sent. */
const allMetrics = (r: OtlpReceiver = receiver): DecodedMetric[] =>
  r.requests.flatMap((q) => q.body.resourceMetrics.flatMap((rm) => rm.scopeMetrics.flatMap((s) => s.metrics)));

describe('otlp output', () => {
  it('sends protobuf with the headers from the environment and the run as the resource', () => {
    expect(receiver.requests.length).toBeGreaterThanOrEqual(1);
    for (const r of receiver.requests) {
      expect(r.headers['x-scope-orgid']).toBe('team-a');
      expect(r.headers.authorization).toBe('Bearer otlp-token');
      const resource = r.body.resourceMetrics[0]!.resource.attributes;
      expect(attr(resource, 'service.name')).toBe('loadsmith');
      expect(attr(resource, 'testid')).toBe(run.testid);
      expect(attr(resource, 'loadsmith.plan')).toBe('streamed run');
      expect(attr(resource, 'deployment.environment')).toBe('ci');
      expect(r.body.resourceMetrics[0]!.scopeMetrics[0]!.scope.name).toBe('loadsmith');
    }
    expect(run.cli.stderr + run.cli.stdout).not.toContain('otlp-token');
  });

  it('ends with cumulative counters equal to the summary (http_reqs, checks by condition, iterations)', () => {
    const { summary } = run;
    const last = (
      name: string,
      filter: (attrs: { key: string; value: { stringValue?: string } }[]) => boolean = () => true,
    ): number => {
      // Cumulative: the latest point of each series, summed over the series.
      const latest = new Map<string, number>();
      for (const m of allMetrics().filter((x) => x.name === name)) {
        expect(m.sum, name).toBeDefined();
        expect(m.sum!.aggregationTemporality).toBe(2);
        expect(m.sum!.isMonotonic).toBe(true);
        for (const p of m.sum!.dataPoints)
          if (filter(p.attributes)) latest.set(JSON.stringify(p.attributes), p.asDouble ?? p.asInt ?? NaN);
      }
      return [...latest.values()].reduce((a, b) => a + b, 0);
    };
    expect(last('http_reqs')).toBe((summary.metrics.http_reqs as { count: number }).count);
    expect(
      last(
        'http_reqs',
        (a) => attr(a, 'name') === 'Broken' && attr(a, 'status') === '503' && attr(a, 'expected_response') === 'false',
      ),
    ).toBe((summary.metrics.http_req_failed as { passes: number }).passes);
    const checks = summary.metrics.checks as { passes: number; fails: number };
    expect(last('checks', (a) => attr(a, 'condition') === 'nonzero')).toBe(checks.passes);
    expect(last('checks', (a) => attr(a, 'condition') === 'zero')).toBe(checks.fails);
    expect(last('iterations')).toBe((summary.metrics.iterations as { count: number }).count);
  });

  it('sends http_req_duration as cumulative exponential histograms in seconds matching the summary', () => {
    const { summary } = run;
    const latest = new Map<string, NonNullable<DecodedMetric['exponentialHistogram']>['dataPoints'][number]>();
    for (const m of allMetrics().filter((x) => x.name === 'http_req_duration')) {
      expect(m.unit).toBe('s');
      expect(m.exponentialHistogram!.aggregationTemporality).toBe(2);
      for (const p of m.exponentialHistogram!.dataPoints) latest.set(JSON.stringify(p.attributes), p);
    }
    const points = [...latest.values()];
    const d = summary.metrics.http_req_duration as { count: number; avg: number; max: number; p95: number };
    const count = points.reduce((n, p) => n + p.count, 0);
    expect(count).toBe(d.count);
    for (const p of points) expect(p.zeroCount + p.positive.bucketCounts.reduce((a, b) => a + b, 0)).toBe(p.count);
    const sum = points.reduce((n, p) => n + p.sum, 0);
    expect((sum * 1000) / count).toBeCloseTo(d.avg, 3);
    expect(Math.max(...points.map((p) => p.max)) * 1000).toBeCloseTo(d.max, 3);
    // The p95 of the merged buckets is within one bucket (2^(1/8): 9 %) of the summary's exact p95.
    const buckets = new Map<number, number>();
    for (const p of points)
      p.positive.bucketCounts.forEach((n, i) =>
        buckets.set(p.positive.offset + i, (buckets.get(p.positive.offset + i) ?? 0) + n),
      );
    const scale = points[0]!.scale;
    let seen = points.reduce((n, p) => n + p.zeroCount, 0);
    let p95 = 0;
    for (const i of [...buckets.keys()].sort((a, b) => a - b)) {
      seen += buckets.get(i)!;
      if (seen >= Math.ceil(0.95 * count)) {
        p95 = 2 ** ((i + 1) / 2 ** scale);
        break;
      }
    }
    expect((p95 * 1000) / d.p95).toBeGreaterThan(1 / 1.1);
    expect((p95 * 1000) / d.p95).toBeLessThan(1.1);
  });

  it("after Ctrl-C, delivers the last second too: the final counters equal the stopped run's summary", () => {
    const { summary } = stopped.run;
    expect(summary.stoppedBy).toBe('stopped');
    expect(summary.durationMs).toBeLessThan(30_000);
    const latest = new Map<string, number>();
    for (const m of allMetrics(stopped.receiver).filter((x) => x.name === 'http_reqs')) {
      for (const p of m.sum!.dataPoints) latest.set(JSON.stringify(p.attributes), p.asDouble ?? NaN);
    }
    expect([...latest.values()].reduce((a, b) => a + b, 0)).toBe(summary._total);
    expect(summary._total).toBeGreaterThan(0);
  });
});
