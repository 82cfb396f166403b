import { describe, expect, it } from 'vitest';
import { arrivalTimes, plannedIterations, plannedRate } from './arrival.ts';
import { parsePlan } from './parse.ts';
import type { Scenario } from './schema/index.ts';
import { describeScenario, maxVus, regularDurationMs } from './schedule.ts';

type Arrival = Extract<Scenario, { executor: 'constant-arrival-rate' | 'ramping-arrival-rate' }>;
const constant = (rate: number, duration: string, timeUnit?: string): Arrival => ({ executor: 'constant-arrival-rate', rate, duration, preAllocatedVUs: 1, steps: [], ...(timeUnit ? { timeUnit } : {}) });
const ramping = (startRate: number, stages: { duration: string; target: number }[], timeUnit?: string): Arrival => ({ executor: 'ramping-arrival-rate', startRate, stages, preAllocatedVUs: 1, steps: [], ...(timeUnit ? { timeUnit } : {}) });

describe('arrival schedules', () => {
  it('constant: iteration i at i x period, from 0, within [0, duration)', () => {
    expect([...arrivalTimes(constant(4, '1s'))]).toEqual([0, 250, 500, 750]);
    expect(plannedIterations(constant(100, '2s'))).toBe(200);
    expect(plannedIterations(constant(30, '1m', '1m'))).toBe(30);
    expect([...arrivalTimes(constant(1, '2s', '500ms'))]).toEqual([0, 500, 1000, 1500]);
  });

  it('ramping: iteration n when the area under the rate reaches n (k6)', () => {
    // A constant 2/s stage: events at 0.5s, 1s, 1.5s (2s is the end, excluded).
    expect([...arrivalTimes(ramping(2, [{ duration: '2s', target: 2 }]))]).toEqual([500, 1000, 1500]);
    // 0 -> 10/s over 2s: area(t) = 2.5 t^2, so event n at sqrt(n / 2.5) s.
    const times = [...arrivalTimes(ramping(0, [{ duration: '2s', target: 10 }]))];
    expect(times).toHaveLength(9);
    times.forEach((t, i) => expect(t).toBeCloseTo(Math.sqrt((i + 1) / 2.5) * 1000, 6));
    // Ramp down 10 -> 0 over 2s: area(t) = 10t - 2.5t^2; event 1 at 0.1026 s.
    expect([...arrivalTimes(ramping(10, [{ duration: '2s', target: 0 }]))][0]).toBeCloseTo(((10 - Math.sqrt(100 - 10)) / 5) * 1000, 6);
    // The fractional area carries into the next stage (k6's doneSoFar).
    expect(plannedIterations(ramping(0, [{ duration: '1s', target: 5 }, { duration: '1s', target: 5 }]))).toBe(7);
  });

  it('gives the planned rate per second and describes the scenario', () => {
    expect(plannedRate(ramping(0, [{ duration: '10s', target: 600 }], '1m'))).toEqual([{ atMs: 0, perSecond: 0 }, { atMs: 10_000, perSecond: 10 }]);
    const sc = { ...constant(50, '30s'), maxVUs: 40 };
    expect(maxVus(sc)).toBe(40);
    expect(regularDurationMs(sc)).toBe(30_000);
    expect(describeScenario(sc)).toBe('50 iterations/s for 30s (maxVUs: 40, gracefulStop: 30s)');
  });
});

describe('arrival-rate plans', () => {
  const plan = (body: string) => `version: 1\nname: x\nscenarios:\n  s:\n${body}\n    steps: [{ request: { url: "http://127.0.0.1/" } }]\n`;
  it('accepts k6 fields and refuses impossible settings with located errors', () => {
    expect(parsePlan(plan('    executor: constant-arrival-rate\n    rate: 10\n    duration: 10s\n    preAllocatedVUs: 5\n    maxVUs: 20')).plan.scenarios.s?.executor).toBe('constant-arrival-rate');
    expect(() => parsePlan(plan('    executor: constant-arrival-rate\n    rate: 10\n    duration: 10s\n    preAllocatedVUs: 5\n    maxVUs: 2'))).toThrow(/maxVUs: must be at least preAllocatedVUs \(5\)/);
    expect(() => parsePlan(plan('    executor: constant-arrival-rate\n    rate: 10\n    duration: 10s'))).toThrow(/preAllocatedVUs: is required/);
    expect(() => parsePlan(plan('    executor: ramping-arrival-rate\n    preAllocatedVUs: 1\n    stages: [{ duration: 0s, target: 5 }]'))).toThrow(/stages: the stages last 0s in total/);
  });
});
