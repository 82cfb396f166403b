/**
 * Each executor's share in a segment (k6's executors with an ExecutionTuple): integer quantities split exactly,
 * open-model schedules whose union over the segments is the unsegmented schedule, ramping VUs that add up at
 * every step, and the values k6's algorithm gives.
 */
import { describe, expect, it } from 'vitest';
import { arrivalTimes, isArrivalRate } from './arrival.ts';
import { rampingVuSteps } from './schedule.ts';
import { parseSegmentSequence, segmentOfN, type ExecutionSegment } from '../base/segment.ts';
import { scenarioShare, segmentTimes } from './segment-share.ts';
import { SegmentTuple } from '../base/segment-tuple.ts';
import type { Scenario } from './schema/index.ts';

const steps: Scenario['steps'] = [{ request: { url: '/x' } }];
const even = (n: number): SegmentTuple[] =>
  Array.from({ length: n }, (_, i) => {
    const s = segmentOfN(i + 1, n);
    return SegmentTuple.of(s.segment, s.sequence);
  });
const uneven = (text: string): SegmentTuple[] => {
  const seq: ExecutionSegment[] = parseSegmentSequence(text);
  return seq.map((s) => SegmentTuple.of(s, seq));
};
const sequences: [string, SegmentTuple[]][] = [
  ['1/1', even(1)],
  ['4 even', even(4)],
  ['3 even', even(3)],
  ['7 even', even(7)],
  ['0,1/10,1/2,7/10,1', uneven('0,1/10,1/2,7/10,1')],
];

const shared: Scenario = { executor: 'shared-iterations', vus: 10, iterations: 200, steps };
const perVu: Scenario = { executor: 'per-vu-iterations', vus: 7, iterations: 3, steps };
const constant: Scenario = { executor: 'constant-vus', vus: 9, duration: '10s', steps };
const ramping: Scenario = {
  executor: 'ramping-vus',
  startVUs: 2,
  stages: [
    { duration: '10s', target: 13 },
    { duration: '5s', target: 13 },
    { duration: '7s', target: 3 },
    { duration: '0s', target: 8 },
  ],
  steps,
};
const car: Scenario = {
  executor: 'constant-arrival-rate',
  rate: 37,
  timeUnit: '1s',
  duration: '3s',
  preAllocatedVUs: 3,
  maxVUs: 5,
  steps,
};
const rar: Scenario = {
  executor: 'ramping-arrival-rate',
  startRate: 5,
  timeUnit: '1s',
  stages: [
    { duration: '2s', target: 40 },
    { duration: '1s', target: 40 },
    { duration: '2s', target: 0 },
  ],
  preAllocatedVUs: 6,
  steps,
};

describe('closed model', () => {
  it.each(sequences)('splits VUs and shared iterations exactly (%s)', (_, tuples) => {
    const sum = (f: (t: SegmentTuple) => number): number => tuples.reduce((n, t) => n + f(t), 0);
    expect(sum((t) => scenarioShare(shared, t).maxVus)).toBe(10);
    expect(sum((t) => scenarioShare(shared, t).iterations ?? 0)).toBe(200);
    expect(sum((t) => scenarioShare(perVu, t).maxVus)).toBe(7);
    expect(sum((t) => scenarioShare(constant, t).maxVus)).toBe(9);
    expect(sum((t) => scenarioShare(ramping, t).maxVus)).toBe(13);
    for (const t of tuples) {
      const s = scenarioShare(shared, t);
      if (s.maxVus === 0) expect(s.iterations).toBe(0); // no VU, no iteration (k6: GetNewExecutionTupleFromValue fails)
    }
  });

  it('gives what k6 gives: 10 VUs in quarters are 3, 3, 2, 2 and 200 shared iterations follow them (60, 60, 40, 40)', () => {
    const q = even(4);
    expect(q.map((t) => scenarioShare(shared, t).maxVus)).toEqual([3, 3, 2, 2]);
    expect(q.map((t) => scenarioShare(shared, t).iterations)).toEqual([60, 60, 40, 40]);
    // 2 VUs for 4 segments: the last two run nothing at all.
    const two: Scenario = { ...shared, vus: 2, iterations: 9 } as Scenario;
    expect(q.map((t) => [scenarioShare(two, t).maxVus, scenarioShare(two, t).iterations])).toEqual([
      [1, 5],
      [1, 4],
      [0, 0],
      [0, 0],
    ]);
  });

  it.each(sequences)("ramping-vus: the segments' planned VUs add up to the plan's at every step (%s)", (_, tuples) => {
    if (ramping.executor !== 'ramping-vus') throw new Error('fixture');
    for (const step of rampingVuSteps(ramping.startVUs ?? 1, ramping.stages)) {
      expect(
        tuples.reduce((n, t) => n + scenarioShare(ramping, t).vus.scale(step.vus), 0),
        `at ${step.atMs} ms`,
      ).toBe(step.vus);
    }
  });

  it("numbers VUs as the whole test does: the segments' VUs are the test's VUs, each once", () => {
    const ids = even(4).flatMap((t) =>
      Array.from({ length: scenarioShare(constant, t).maxVus }, (_, k) => t.globalIndex(k)),
    );
    expect(ids.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('open model', () => {
  const times = (sc: Scenario, t: SegmentTuple): number[] =>
    isArrivalRate(sc) ? [...segmentTimes(arrivalTimes(sc), scenarioShare(sc, t).arrivals)] : [];

  it.each(sequences)("the union of the segments' start times is the unsegmented schedule (%s)", (_, tuples) => {
    for (const sc of [car, rar]) {
      if (!isArrivalRate(sc)) throw new Error('fixture');
      const whole = [...arrivalTimes(sc)];
      expect(whole.length).toBeGreaterThan(50);
      const union = tuples.flatMap((t) => times(sc, t)).sort((a, b) => a - b);
      expect(union).toEqual(whole);
      expect(tuples.reduce((n, t) => n + scenarioShare(sc, t).maxVus, 0)).toBe(
        sc.executor === 'constant-arrival-rate' ? 5 : 6,
      );
      expect(tuples.reduce((n, t) => n + (scenarioShare(sc, t).preAllocated ?? 0), 0)).toBe(sc.preAllocatedVUs);
    }
  });

  it('stripes iterations by the VUs a segment has (k6: the tuple re-cut by maxVUs), spread through the test', () => {
    if (!isArrivalRate(car)) throw new Error('fixture');
    const q = even(4);
    // 5 maxVUs in quarters: 2, 1, 1, 1, so the first quarter starts 2/5 of the 111 iterations.
    expect(q.map((t) => scenarioShare(car, t).maxVus)).toEqual([2, 1, 1, 1]);
    expect(q.map((t) => times(car, t).length)).toEqual([45, 22, 22, 22]);
    const first = times(car, q[0] as SegmentTuple);
    expect(first.at(-1)).toBeGreaterThan(2900); // not the first 45 iterations: 2 of every 5, through the 3 s
    expect(scenarioShare(car, q[1] as SegmentTuple).description).toMatch(
      /^20% of the iterations \(about 7\.40 of 37 iterations\/s at the peak\), maxVUs 1 of 5 VUs$/,
    );
  });

  it('gives a segment without VUs no iterations, and the whole test every one', () => {
    const few: Scenario = { ...car, preAllocatedVUs: 1, maxVUs: 2 } as Scenario;
    const q = even(4);
    expect(q.map((t) => times(few, t).length)).toEqual([56, 55, 0, 0]);
    expect(scenarioShare(few, q[3] as SegmentTuple).arrivals).toBeUndefined();
    expect(times(car, SegmentTuple.whole())).toHaveLength(111);
  });
});
