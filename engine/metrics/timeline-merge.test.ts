import { describe, expect, it } from 'vitest';
import { mergePoints } from './timeline-merge.ts';
import type { TimelinePoint } from './timeline.ts';

const point = (t: number, o: Partial<TimelinePoint> = {}): TimelinePoint => ({
  t,
  span: 1,
  vus: 5,
  reqs: 100,
  rps: 100,
  failed: 2,
  iterations: 10,
  interrupted: 1,
  dataSent: 1000,
  dataReceived: 5000,
  checksPass: 90,
  checksFail: 10,
  errors: 2,
  dropped: 0,
  scheduled: 0,
  started: 0,
  generator: { cpu: 0.5, elu: 0.4, loopDelayP99Ms: 3 },
  lag: null,
  latency: { avg: 10, p50: 8, p90: 15, p95: 20, p99: 40, max: 90 },
  requests: { List: { reqs: 100, failed: 2, p50: 8, p95: 20, p99: 40, max: 90 } },
  statuses: { 200: 98, 500: 2 },
  ...o,
});

describe('mergePoints', () => {
  const a = point(1);
  const b = point(2, {
    vus: 7,
    reqs: 300,
    failed: 0,
    rps: 300,
    generator: { cpu: 0.9, elu: 0.2, loopDelayP99Ms: 9 },
    lag: { p95: 4, max: 6 },
    latency: { avg: 30, p50: 6, p90: 25, p95: 30, p99: 35, max: 50 },
    requests: {
      List: { reqs: 200, failed: 0, p50: 9, p95: 19, p99: 50, max: 60 },
      Login: { reqs: 100, failed: 0, p50: 1, p95: 2, p99: 3, max: 4 },
    },
    statuses: { 200: 300 },
  });
  const m = mergePoints(a, b);

  it('sums counts over the longer span and ends where the later point ends', () => {
    expect([m.t, m.span, m.reqs, m.failed, m.iterations, m.dataSent, m.checksFail, m.errors]).toEqual([
      2, 2, 400, 2, 20, 2000, 20, 4,
    ]);
    expect(m.rps).toBe(200);
    expect(m.statuses).toEqual({ 200: 398, 500: 2 });
  });

  it('averages latency over every request and keeps the worse percentile and max', () => {
    expect(m.latency).toEqual({ avg: (10 * 100 + 30 * 300) / 400, p50: 8, p90: 25, p95: 30, p99: 40, max: 90 });
    expect(m.requests).toEqual({
      List: { reqs: 300, failed: 2, p50: 9, p95: 20, p99: 50, max: 90 },
      Login: { reqs: 100, failed: 0, p50: 1, p95: 2, p99: 3, max: 4 },
    });
  });

  it('keeps the highest VUs and event-loop load, CPU averaged over time, and a lag where either had one', () => {
    expect(m.vus).toBe(7);
    expect(m.generator).toEqual({ cpu: 0.7, elu: 0.4, loopDelayP99Ms: 9 });
    expect(m.lag).toEqual({ p95: 4, max: 6 });
  });

  it('leaves both points unchanged, and a second without requests takes the other latency', () => {
    expect(a).toEqual(point(1));
    const idle = point(3, {
      reqs: 0,
      latency: null,
      requests: { List: { reqs: 0, failed: 0, p50: 0, p95: 0, p99: 0, max: 0 } },
    });
    const n = mergePoints(idle, a);
    expect(n.latency).toEqual(a.latency);
    expect(n.requests.List).toEqual(a.requests.List);
  });
});
