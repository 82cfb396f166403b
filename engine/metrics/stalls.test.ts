/** The stall rule on timelines built point by point: when it fires, and the look-alikes it must not fire on. */
import { describe, expect, it } from 'vitest';
import { closedWindows, findStalls } from './stalls.ts';
import type { TimelinePoint } from './timeline.ts';

interface Shape {
  reqs: number;
  vus?: number;
  p50?: number;
  max?: number;
  span?: number;
  loopDelay?: number;
}

/** A timeline from per-point shapes, one after the other from t = 0. */
function timeline(shapes: readonly Shape[]): TimelinePoint[] {
  let t = 0;
  return shapes.map((s) => {
    const span = s.span ?? 1;
    t += span;
    return {
      t,
      span,
      vus: s.vus ?? 10,
      reqs: s.reqs,
      rps: s.reqs / span,
      failed: 0,
      iterations: s.reqs,
      interrupted: 0,
      dataSent: 0,
      dataReceived: 0,
      checksPass: 0,
      checksFail: 0,
      errors: 0,
      dropped: 0,
      scheduled: 0,
      started: 0,
      lag: null,
      requests: {},
      statuses: {},
      generator: { cpu: 0.1, elu: 0.1, loopDelayP99Ms: s.loopDelay ?? 1 },
      latency: s.reqs > 0 ? { avg: s.p50 ?? 2, p50: s.p50 ?? 2, p90: 3, p95: 4, p99: 5, max: s.max ?? 10 } : null,
    };
  });
}

const steady = (n: number, reqs = 1000): Shape[] =>
  Array.from({ length: n }, (_, i) => ({ reqs: reqs + ((i * 37) % 50) - 25 }));
const closed = [{ fromMs: 0, toMs: 60_000 }];

describe('findStalls', () => {
  it('names a second in which throughput collapsed while the VUs waited on the target', () => {
    // 10 VUs at ~1,000 req/s; in the 6th second 7 requests finish; the ones that waited finish in the 7th, after ~1 s.
    const points = timeline([
      ...steady(5),
      { reqs: 7, max: 1004 },
      { reqs: 1010, max: 1002 },
      ...steady(5),
      { reqs: 300, span: 0.3 },
    ]);
    const stalls = findStalls(points, closed);
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toMatchObject({ atS: 5, seconds: 1, vus: 10, longestMs: 1004 });
    expect(stalls[0]?.share).toBeCloseTo(7 / 1000, 2);
    expect(stalls[0]?.message).toBe(
      'at 5 s throughput fell to 0.7 % of the median for 1 s while 10 VUs were busy (the longest request took 1.00 s); ' +
        'closed-model percentiles understate this — an arrival-rate executor measures it',
    );
  });

  it('one stall over consecutive seconds, its length the seconds it lasted', () => {
    const points = timeline([
      ...steady(6),
      { reqs: 0 },
      { reqs: 0 },
      { reqs: 120, max: 300 },
      { reqs: 1000, max: 3100 },
      ...steady(4),
    ]);
    expect(findStalls(points, closed)).toEqual([expect.objectContaining({ atS: 6, seconds: 3, longestMs: 3100 })]);
  });

  it('says nothing when nobody waited: think time, a pause between requests, few VUs', () => {
    // The same collapse, but every request that finished was fast: the VUs were thinking, not waiting.
    expect(findStalls(timeline([...steady(5), { reqs: 7 }, ...steady(6)]), closed)).toEqual([]);
    // Think-heavy: 3 VUs, one request every ~1.5 s each: seconds of 0..4 requests.
    const think = [2, 3, 1, 0, 4, 2, 2, 0, 3, 1, 2, 2, 0, 3, 2].map((reqs) => ({ reqs, vus: 3 }));
    expect(findStalls(timeline(think), closed)).toEqual([]);
  });

  it('says nothing on a ramp down or when VUs finish: throughput per busy VU stays', () => {
    const down = [10, 10, 10, 10, 10, 8, 6, 4, 2, 1, 1].map((vus) => ({ reqs: vus * 100, vus }));
    expect(findStalls(timeline(down), closed)).toEqual([]);
  });

  it('says nothing about a slow target whose VUs answer in step (2 s each: 10 requests every other second)', () => {
    const alternating = Array.from({ length: 12 }, (_, i) => ({ reqs: i % 2 ? 10 : 0, p50: 2000, max: 2010 }));
    expect(findStalls(timeline(alternating), closed)).toEqual([]);
  });

  it('says nothing about the end of a run: the last point, or a collapse still going there', () => {
    expect(findStalls(timeline([...steady(8), { reqs: 20, span: 0.4, max: 900 }]), closed)).toEqual([]);
    expect(findStalls(timeline([...steady(8), { reqs: 0 }, { reqs: 0, max: 5000 }]), closed)).toEqual([]);
  });

  it("says nothing when Loadsmith itself stalled (a worker's event loop blocked), or outside closed-model scenarios", () => {
    const blocked = timeline([
      ...steady(5),
      { reqs: 7, max: 1004, loopDelay: 900 },
      { reqs: 1010, max: 1002 },
      ...steady(5),
    ]);
    expect(findStalls(blocked, closed)).toEqual([]);
    const stalled = timeline([...steady(5), { reqs: 7, max: 1004 }, { reqs: 1010, max: 1002 }, ...steady(5)]);
    expect(
      findStalls(stalled, closedWindows([{ executor: 'constant-arrival-rate', startMs: 0, regularMs: 60_000 }])),
    ).toEqual([]);
    // A closed-model scenario that ran only in the first 4 seconds: the stall at 5 s is not its.
    expect(findStalls(stalled, closedWindows([{ executor: 'constant-vus', startMs: 0, regularMs: 4000 }]))).toEqual([]);
    expect(
      findStalls(stalled, closedWindows([{ executor: 'ramping-vus', startMs: 2000, regularMs: 8000 }])),
    ).toHaveLength(1);
  });

  it('needs five full points for a median, and reads a compacted timeline in its own points', () => {
    expect(findStalls(timeline([...steady(3), { reqs: 0 }, { reqs: 1000, max: 1500 }]), closed)).toEqual([]);
    const twoSecond = timeline([
      ...steady(6, 2000).map((s) => ({ ...s, span: 2 })),
      { reqs: 100, span: 2 },
      { reqs: 2000, span: 2, max: 1900 },
      ...steady(3, 2000).map((s) => ({ ...s, span: 2 })),
    ]);
    expect(findStalls(twoSecond, closed)).toEqual([expect.objectContaining({ atS: 12, seconds: 2 })]);
  });
});
