import { describe, expect, it } from 'vitest';
import { arrivalTimes, plannedIterations, plannedRate } from './arrival.ts';
import { parsePlan } from './parse.ts';
import type { Scenario } from './schema/index.ts';
import { describeScenario, maxVus, regularDurationMs } from './schedule.ts';

type Arrival = Extract<Scenario, { executor: 'constant-arrival-rate' | 'ramping-arrival-rate' }>;
const constant = (rate: number, duration: string, timeUnit?: string): Arrival => ({
  executor: 'constant-arrival-rate',
  rate,
  duration,
  preAllocatedVUs: 1,
  steps: [],
  ...(timeUnit ? { timeUnit } : {}),
});
const ramping = (startRate: number, stages: { duration: string; target: number }[], timeUnit?: string): Arrival => ({
  executor: 'ramping-arrival-rate',
  startRate,
  stages,
  preAllocatedVUs: 1,
  steps: [],
  ...(timeUnit ? { timeUnit } : {}),
});

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
    expect([...arrivalTimes(ramping(10, [{ duration: '2s', target: 0 }]))][0]).toBeCloseTo(
      ((10 - Math.sqrt(100 - 10)) / 5) * 1000,
      6,
    );
    // The fractional area carries into the next stage (k6's doneSoFar).
    expect(
      plannedIterations(
        ramping(0, [
          { duration: '1s', target: 5 },
          { duration: '1s', target: 5 },
        ]),
      ),
    ).toBe(7);
  });

  it('counts the planned iterations without walking them, exactly as many as the schedule yields', () => {
    const walk = (sc: Arrival): number => {
      let n = 0;
      for (const _ of arrivalTimes(sc)) n++;
      return n;
    };
    // Periods that do not divide the duration in binary (0.2 ms, 1/3 s, 1/7 s), rates in other time units, ramps up
    // and down whose areas are and are not whole numbers, stages of 0 s, a rate of 0 at the end.
    const cases: Arrival[] = [
      constant(5000, '2s'),
      constant(3, '10s'),
      constant(7, '1s'),
      constant(1000, '10s'),
      constant(0.3, '1m', '1s'),
      constant(13, '17s', '3s'),
      ramping(0, [{ duration: '30s', target: 2000 }]),
      ramping(100, [{ duration: '3s', target: 0 }]),
      ramping(0, [
        { duration: '10s', target: 1000 },
        { duration: '10s', target: 1000 },
        { duration: '10s', target: 0 },
      ]),
      ramping(7, [
        { duration: '1s', target: 3 },
        { duration: '0s', target: 50 },
        { duration: '1500ms', target: 50 },
      ]),
      ramping(0, [
        { duration: '2s', target: 50 },
        { duration: '1s', target: 50 },
      ]),
      ramping(0, [{ duration: '3s', target: 0 }]),
    ];
    for (let i = 0; i < 40; i++)
      cases.push(
        ramping(
          i % 5,
          [
            { duration: `${((i * 37) % 1000) + 1}ms`, target: (i * 53) % 997 },
            { duration: `${(i * 11) % 700}ms`, target: (i * 31) % 113 },
          ],
          i % 3 ? '1s' : '250ms',
        ),
      );
    for (const sc of cases) expect(plannedIterations(sc), JSON.stringify(sc)).toBe(walk(sc));
    expect(plannedIterations(constant(1_000_000, '24h'))).toBe(86_400_000_000);
  });

  it('gives the planned rate per second and describes the scenario', () => {
    expect(plannedRate(ramping(0, [{ duration: '10s', target: 600 }], '1m'))).toEqual([
      { atMs: 0, perSecond: 0 },
      { atMs: 10_000, perSecond: 10 },
    ]);
    const sc = { ...constant(50, '30s'), maxVUs: 40 };
    expect(maxVus(sc)).toBe(40);
    expect(regularDurationMs(sc)).toBe(30_000);
    expect(describeScenario(sc)).toBe('50 iterations/s for 30s (maxVUs: 40, gracefulStop: 30s)');
  });
});

describe('arrival-rate plans', () => {
  const plan = (body: string) =>
    `version: 1\nname: x\nscenarios:\n  s:\n${body}\n    steps: [{ request: { url: "http://127.0.0.1/" } }]\n`;
  it('accepts k6 fields and refuses impossible settings with located errors', () => {
    expect(
      parsePlan(
        plan(
          '    executor: constant-arrival-rate\n    rate: 10\n    duration: 10s\n    preAllocatedVUs: 5\n    maxVUs: 20',
        ),
      ).plan.scenarios.s?.executor,
    ).toBe('constant-arrival-rate');
    expect(() =>
      parsePlan(
        plan(
          '    executor: constant-arrival-rate\n    rate: 10\n    duration: 10s\n    preAllocatedVUs: 5\n    maxVUs: 2',
        ),
      ),
    ).toThrow(/maxVUs: must be at least preAllocatedVUs \(5\)/);
    expect(() => parsePlan(plan('    executor: constant-arrival-rate\n    rate: 10\n    duration: 10s'))).toThrow(
      /preAllocatedVUs: is required/,
    );
    expect(() =>
      parsePlan(
        plan('    executor: ramping-arrival-rate\n    preAllocatedVUs: 1\n    stages: [{ duration: 0s, target: 5 }]'),
      ),
    ).toThrow(/stages: the stages last 0s in total/);
  });
});
