/** The planned iterations a run (or an execution segment of it) reports as its open-model target: exactly those it starts. */
import { describe, expect, it } from 'vitest';
import { arrivalTimes, isArrivalRate } from '../plan/arrival.ts';
import type { Plan, Scenario } from '../plan/schema/index.ts';
import { parseSegmentSequence, segmentOfN } from '../base/segment.ts';
import { scenarioShare, segmentTimes } from '../plan/segment-share.ts';
import { SegmentTuple } from '../base/segment-tuple.ts';
import { runScenarios } from './segment-run.ts';

const steps: Scenario['steps'] = [{ request: { url: '/x' } }];
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
  stages: [
    { duration: '2s', target: 40 },
    { duration: '1s', target: 40 },
    { duration: '2s', target: 0 },
  ],
  preAllocatedVUs: 2,
  maxVUs: 3,
  steps,
};
const vus: Scenario = { executor: 'constant-vus', vus: 2, duration: '1s', steps };
const plan = { version: 1, name: 'p', scenarios: { car, rar, vus } } as unknown as Plan;

describe('runScenarios: planned iterations', () => {
  it('the whole plan: every iteration of the schedule; none for the closed model', () => {
    const { scenarios } = runScenarios(plan, SegmentTuple.whole());
    expect(scenarios.map((s) => s.planned)).toEqual([111, 124, undefined]); // 37 x 3; (5+40)/2 x 2 + 40 + 40 = 125, the last due exactly at the end;
  });

  it.each([3, 4, 7])("a segment of %i: the iterations its stripe starts, summing to the plan's", (n) => {
    const tuples = Array.from({ length: n }, (_, i) => {
      const s = segmentOfN(i + 1, n);
      return SegmentTuple.of(s.segment, s.sequence);
    });
    const seq = parseSegmentSequence('0,1/10,1/2,7/10,1');
    tuples.push(...seq.map((s) => SegmentTuple.of(s, seq)));
    for (const [k, sc] of [car, rar].entries()) {
      if (!isArrivalRate(sc)) throw new Error('fixture');
      for (const t of tuples) {
        const starts = [...segmentTimes(arrivalTimes(sc), scenarioShare(sc, t).arrivals)].length;
        expect(runScenarios(plan, t).scenarios[k]?.planned).toBe(starts);
      }
      expect(tuples.slice(0, n).reduce((sum, t) => sum + (runScenarios(plan, t).scenarios[k]?.planned ?? 0), 0)).toBe(
        k === 0 ? 111 : 124,
      );
    }
  });
});
