import { describe, expect, it } from 'vitest';
import type { Summary } from '../../metrics/summary.ts';
import type { TimelinePoint } from '../../metrics/timeline.ts';
import { chartSpecs, type ChartId, type ChartSpec } from './chart-data.ts';

function point(t: number, over: Partial<TimelinePoint> = {}): TimelinePoint {
  return {
    t,
    span: 1,
    vus: 5,
    reqs: 100,
    rps: 100,
    failed: 2,
    iterations: 50,
    interrupted: 0,
    dataSent: 1000,
    dataReceived: 2000,
    checksPass: 90,
    checksFail: 10,
    errors: 1,
    dropped: 0,
    scheduled: 0,
    started: 0,
    lag: null,
    generator: { cpu: 0.1, elu: 0.1, loopDelayP99Ms: 1 },
    latency: { avg: 10, p50: 8, p90: 15, p95: 20, p99: 40, max: 60 },
    requests: {},
    statuses: { 200: 100 },
    ...over,
  };
}

/** Only the fields chartSpecs reads; the rest of a Summary does not matter here. */
const summaryOf = (timeline: TimelinePoint[], scenarios: Summary['scenarios'] = []): Summary =>
  ({ timeline, scenarios }) as unknown as Summary;

const byId = (specs: ChartSpec[], id: ChartId): ChartSpec => specs.find((s) => s.id === id) as ChartSpec;
const ys = (spec: ChartSpec, name: string): (number | null)[] =>
  (spec.series.find((s) => s.name === name)?.points ?? []).map((p) => p[1]);

describe('chartSpecs', () => {
  it('draws the closed-model charts from the timeline, x in seconds', () => {
    const tl = [
      point(1),
      point(2, { reqs: 150, failed: 0, vus: 7, errors: 3 }),
      point(3, { reqs: 0, failed: 0, latency: null, vus: 0 }),
    ];
    const specs = chartSpecs(summaryOf(tl));
    expect(specs.map((s) => s.id)).toEqual(['rps', 'latency', 'vus', 'errors']);
    const rps = byId(specs, 'rps');
    expect(rps.series[0]?.points).toEqual([
      [1, 100],
      [2, 150],
      [3, 0],
    ]);
    expect(ys(rps, 'failed/s')).toEqual([2, 0, 0]);
    // A second without requests is a gap in the latency lines, not a zero.
    expect(ys(byId(specs, 'latency'), 'p(99)')).toEqual([40, 40, null]);
    expect(byId(specs, 'latency').series.map((s) => s.name)).toEqual(['p(50)', 'p(90)', 'p(95)', 'p(99)']);
    expect(ys(byId(specs, 'vus'), 'VUs')).toEqual([5, 7, 0]);
    expect(ys(byId(specs, 'errors'), 'errors/s')).toEqual([1, 3, 1]);
  });

  it('turns counts into per-second rates and skips the final sliver in rate charts only', () => {
    const tl = [
      point(1),
      point(2, { span: 1, reqs: 80 }),
      point(2.75, { span: 0.75, reqs: 30 }),
      point(2.8, { span: 0.05, reqs: 4 }),
    ];
    const specs = chartSpecs(summaryOf(tl));
    expect(byId(specs, 'rps').series[0]?.points).toEqual([
      [1, 100],
      [2, 80],
      [2.75, 40],
    ]);
    expect(byId(specs, 'latency').series[0]?.points).toHaveLength(4);
    expect(byId(specs, 'vus').series[0]?.points).toHaveLength(4);
  });

  it('adds the arrival chart for open-model runs: scheduled vs started and dropped', () => {
    const tl = [point(1, { scheduled: 50, started: 50 }), point(2, { scheduled: 50, started: 42, dropped: 8 })];
    const arrival = { scheduled: 100, started: 92, targetRate: 50, achievedRate: 46, lagP95: 1, lagMax: 2 };
    const specs = chartSpecs(
      summaryOf(tl, [
        {
          name: 's',
          executor: 'constant-arrival-rate',
          description: '',
          maxVus: 5,
          iterations: 92,
          interrupted: 0,
          dropped: 8,
          arrival,
        },
      ]),
    );
    const a = byId(specs, 'arrival');
    expect(ys(a, 'scheduled/s')).toEqual([50, 50]);
    expect(ys(a, 'started/s')).toEqual([50, 42]);
    expect(ys(a, 'dropped/s')).toEqual([0, 8]);
  });

  it('downsamples a day-long timeline to at most 2000 points per series, keeping the spike', () => {
    const tl = Array.from({ length: 86_400 }, (_, i) =>
      point(
        i + 1,
        i === 50_000 ? { reqs: 9000, latency: { avg: 1, p50: 1, p90: 1, p95: 1, p99: 2500, max: 3000 } } : {},
      ),
    );
    const specs = chartSpecs(summaryOf(tl));
    for (const spec of specs) for (const s of spec.series) expect(s.points.length).toBeLessThanOrEqual(2000);
    expect(Math.max(...ys(byId(specs, 'rps'), 'requests/s').map(Number))).toBe(9000);
    expect(Math.max(...ys(byId(specs, 'latency'), 'p(99)').map(Number))).toBe(2500);
  });

  it('has empty series for an empty timeline', () => {
    const specs = chartSpecs(summaryOf([]));
    expect(specs.every((s) => s.series.every((x) => x.points.length === 0))).toBe(true);
  });
});

describe('chartSpecs: gRPC and WebSocket', () => {
  const grpc = { calls: 60, failed: 3, streams: 4, streamsFailed: 0, msgsSent: 8, msgsReceived: 12 };
  const ws = { sessions: 5, msgsSent: 10, msgsReceived: 20, errors: 1, connecting: null };

  it('adds gRPC rate and latency charts and a WebSocket chart only when the timeline has such points', () => {
    const tl = [
      point(1, { grpc: { ...grpc, latency: { p50: 2, p95: 5, p99: 9, max: 11 } } }),
      point(3, { span: 2, ws }),
      point(4),
    ];
    const specs = chartSpecs(summaryOf(tl));
    expect(specs.map((s) => s.id)).toEqual(['rps', 'latency', 'vus', 'errors', 'grpc', 'grpc-latency', 'ws']);
    expect(ys(byId(specs, 'grpc'), 'calls/s')).toEqual([60, 0, 0]);
    expect(ys(byId(specs, 'grpc'), 'failed/s')).toEqual([3, 0, 0]);
    expect(ys(byId(specs, 'grpc'), 'streams/s')).toEqual([4, 0, 0]);
    expect(ys(byId(specs, 'grpc-latency'), 'p(95)')).toEqual([5, null, null]);
    expect(ys(byId(specs, 'ws'), 'sessions/s')).toEqual([0, 2.5, 0]);
    expect(ys(byId(specs, 'ws'), 'msgs received/s')).toEqual([0, 10, 0]);
    expect(ys(byId(specs, 'ws'), 'errors/s')).toEqual([0, 0.5, 0]);
    expect(chartSpecs(summaryOf([point(1), point(2)])).map((s) => s.id)).toEqual(['rps', 'latency', 'vus', 'errors']);
  });
});
