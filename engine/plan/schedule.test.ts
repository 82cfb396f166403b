import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRACEFUL_STOP_MS,
  DEFAULT_MAX_DURATION_MS,
  describeScenario,
  gracefulStopMs,
  maxVus,
  planMaxDurationMs,
  plannedVus,
  rampingVuSteps,
  regularDurationMs,
  startTimeMs,
  type VuStep,
} from './schedule.ts';
import type { Plan, Scenario, Step } from './schema/index.ts';

const steps: Step[] = [{ think: '1s' }];
type Stage = { duration: string; target: number };

/** Planned VUs at `t`: the last step at or before t (several steps at one instant: the last one wins). */
function vusAt(list: readonly VuStep[], t: number): number {
  let vus = 0;
  for (const s of list) if (s.atMs <= t) vus = s.vus;
  return vus;
}

const SECONDS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };
const stageMs = (d: string): number => {
  const m = /^(\d+)(ms|s|m)$/.exec(d);
  if (!m) throw new Error(`test stages use simple durations, got ${d}`);
  return Number(m[1]) * (SECONDS[m[2] as string] as number);
};

/**
 * The k6 rule, written independently of the code under test: within a stage from a to b VUs over d, the count
 * moves by one at stageStart + d*k/|b-a| (k = 1..|b-a|); a 0s stage jumps at once; at the end the count is 0.
 */
function k6VusAt(startVUs: number, stages: readonly Stage[], t: number): number {
  let from = startVUs;
  let start = 0;
  for (const stage of stages) {
    const d = stageMs(stage.duration);
    if (t < start) return from;
    const n = Math.abs(stage.target - from);
    if (d > 0 && t < start + d) {
      let moves = 0;
      for (let k = 1; k <= n; k++) if (start + (d * k) / n <= t) moves = k;
      return from + Math.sign(stage.target - from) * moves;
    }
    from = stage.target;
    start += d;
  }
  return t < start ? from : 0;
}

/**
 * Compares rampingVuSteps with the k6 rule at every `stepMs`. With `toleranceMs`, a move may happen that much
 * earlier or later than the exact (fractional) time: schedules are kept in whole milliseconds.
 */
function expectK6Rule(startVUs: number, stages: readonly Stage[], { stepMs = 1, toleranceMs = 0 } = {}): void {
  const list = rampingVuSteps(startVUs, stages);
  const total = stages.reduce((t, s) => t + stageMs(s.duration), 0);
  expect(list[0]?.atMs).toBe(0);
  for (let i = 1; i < list.length; i++) {
    expect((list[i] as VuStep).atMs).toBeGreaterThanOrEqual((list[i - 1] as VuStep).atMs);
  }
  expect(list[list.length - 1]).toEqual({ atMs: total, vus: 0 });
  for (let t = 0; t <= total + 1000; t += stepMs) {
    const got = vusAt(list, t);
    const want = k6VusAt(startVUs, stages, t);
    const near =
      toleranceMs > 0 && [t - toleranceMs, t + toleranceMs].some((x) => k6VusAt(startVUs, stages, x) === got);
    if (got !== want && !near) expect({ t, vus: got }).toEqual({ t, vus: want });
  }
}

describe('rampingVuSteps follows k6', () => {
  it('ramp up 0 -> 10 over 10s, then hold: one more VU every second, 10 at 10s', () => {
    const stages = [
      { duration: '10s', target: 10 },
      { duration: '10s', target: 10 },
    ];
    const list = rampingVuSteps(0, stages);
    expect(vusAt(list, 0)).toBe(0);
    expect(vusAt(list, 999)).toBe(0);
    const atSeconds = Array.from({ length: 10 }, (_, i) => vusAt(list, (i + 1) * 1000));
    expect(atSeconds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(atSeconds.map((_, i) => vusAt(list, (i + 1) * 1000 - 1))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(vusAt(list, 19_999)).toBe(10);
    expect(vusAt(list, 20_000)).toBe(0);
    expect(list).toEqual([
      { atMs: 0, vus: 0 },
      ...Array.from({ length: 10 }, (_, i) => ({ atMs: (i + 1) * 1000, vus: i + 1 })),
      { atMs: 20_000, vus: 0 },
    ]);
    expectK6Rule(0, stages);
  });

  it('ramp up 0 -> 10 over 10s as the only stage: 1..9 at 1s..9s, and the scenario ends at 10s', () => {
    const stages = [{ duration: '10s', target: 10 }];
    const list = rampingVuSteps(0, stages);
    expect(Array.from({ length: 9 }, (_, i) => vusAt(list, (i + 1) * 1000))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(vusAt(list, 9_999)).toBe(9);
    expect(vusAt(list, 10_000)).toBe(0);
    expectK6Rule(0, stages);
  });

  it('ramp down 10 -> 0 over 5s: one VU less every 500ms', () => {
    const list = rampingVuSteps(10, [{ duration: '5s', target: 0 }]);
    expect(list).toEqual([
      { atMs: 0, vus: 10 },
      ...Array.from({ length: 10 }, (_, i) => ({ atMs: (i + 1) * 500, vus: 9 - i })),
    ]);
    expectK6Rule(10, [{ duration: '5s', target: 0 }]);
  });

  it('a 0s stage jumps at once', () => {
    expect(
      rampingVuSteps(0, [
        { duration: '0s', target: 5 },
        { duration: '10s', target: 5 },
      ]),
    ).toEqual([
      { atMs: 0, vus: 5 },
      { atMs: 10_000, vus: 0 },
    ]);
    const stages = [
      { duration: '10s', target: 10 },
      { duration: '0s', target: 20 },
      { duration: '10s', target: 20 },
    ];
    const list = rampingVuSteps(0, stages);
    expect(vusAt(list, 9_999)).toBe(9);
    expect(vusAt(list, 10_000)).toBe(20);
    expect(vusAt(list, 19_999)).toBe(20);
    expect(vusAt(list, 20_000)).toBe(0);
    expectK6Rule(0, stages);
    // a 0s drop in the middle of a plateau
    const drop = [
      { duration: '2s', target: 4 },
      { duration: '0s', target: 1 },
      { duration: '2s', target: 1 },
    ];
    expectK6Rule(4, drop);
    expect(vusAt(rampingVuSteps(4, drop), 2_000)).toBe(1);
  });

  it('several stages (the ramp-up example plan)', () => {
    expectK6Rule(
      0,
      [
        { duration: '30s', target: 20 },
        { duration: '1m', target: 20 },
        { duration: '15s', target: 60 },
        { duration: '30s', target: 60 },
        { duration: '30s', target: 0 },
      ],
      { stepMs: 7 },
    );
  });

  it('startVUs above 0, up and down', () => {
    const up = rampingVuSteps(5, [
      { duration: '10s', target: 10 },
      { duration: '5s', target: 10 },
    ]);
    expect(up).toEqual([
      { atMs: 0, vus: 5 },
      { atMs: 2000, vus: 6 },
      { atMs: 4000, vus: 7 },
      { atMs: 6000, vus: 8 },
      { atMs: 8000, vus: 9 },
      { atMs: 10_000, vus: 10 },
      { atMs: 15_000, vus: 0 },
    ]);
    expectK6Rule(5, [
      { duration: '4s', target: 1 },
      { duration: '3s', target: 7 },
      { duration: '1s', target: 7 },
    ]);
  });

  it('moves that do not fall on a whole millisecond are within 1ms of the exact time', () => {
    const list = rampingVuSteps(0, [
      { duration: '10s', target: 3 },
      { duration: '1s', target: 3 },
    ]);
    const moves = list.filter((s) => s.vus > 0);
    expect(moves.map((s) => s.vus)).toEqual([1, 2, 3]);
    const exact = [10_000 / 3, 20_000 / 3, 10_000];
    moves.forEach((s, i) => expect(Math.abs(s.atMs - (exact[i] as number))).toBeLessThan(1));
    expectK6Rule(
      7,
      [
        { duration: '1s', target: 0 },
        { duration: '7s', target: 3 },
        { duration: '3s', target: 3 },
      ],
      { toleranceMs: 0.999 },
    );
    expectK6Rule(
      0,
      [
        { duration: '1m', target: 7 },
        { duration: '10s', target: 3 },
      ],
      { toleranceMs: 0.999 },
    );
  });

  it('a flat stage adds no step; no stage at all ends at once', () => {
    expect(rampingVuSteps(3, [{ duration: '1m', target: 3 }])).toEqual([
      { atMs: 0, vus: 3 },
      { atMs: 60_000, vus: 0 },
    ]);
    expect(rampingVuSteps(3, [])).toEqual([{ atMs: 0, vus: 0 }]);
  });
});

describe('plannedVus, maxVus, durations', () => {
  const constant: Scenario = { executor: 'constant-vus', vus: 20, duration: '30s', steps };
  const ramping: Scenario = {
    executor: 'ramping-vus',
    startVUs: 0,
    gracefulRampDown: '10s',
    stages: [
      { duration: '30s', target: 20 },
      { duration: '1m', target: 20 },
      { duration: '15s', target: 60 },
      { duration: '30s', target: 60 },
      { duration: '30s', target: 0 },
    ],
    steps,
  };
  const perVu: Scenario = { executor: 'per-vu-iterations', vus: 1, iterations: 5, maxDuration: '1m', steps };
  const shared: Scenario = { executor: 'shared-iterations', vus: 3, iterations: 6, maxDuration: '30s', steps };

  it('plannedVus per executor', () => {
    expect(plannedVus(constant)).toEqual([
      { atMs: 0, vus: 20 },
      { atMs: 30_000, vus: 0 },
    ]);
    expect(plannedVus({ executor: 'constant-vus', duration: '1m30s', steps })).toEqual([
      { atMs: 0, vus: 1 },
      { atMs: 90_000, vus: 0 },
    ]);
    expect(plannedVus(perVu)).toEqual([
      { atMs: 0, vus: 1 },
      { atMs: 60_000, vus: 0 },
    ]);
    expect(plannedVus({ executor: 'shared-iterations', vus: 4, iterations: 8, steps })).toEqual([
      { atMs: 0, vus: 4 },
      { atMs: DEFAULT_MAX_DURATION_MS, vus: 0 },
    ]);
    expect(plannedVus(ramping)).toEqual(
      rampingVuSteps(0, (ramping as Extract<Scenario, { executor: 'ramping-vus' }>).stages),
    );
  });

  it('ramping-vus starts with 1 VU by default, as in k6', () => {
    expect(plannedVus({ executor: 'ramping-vus', stages: [{ duration: '2s', target: 3 }], steps })).toEqual([
      { atMs: 0, vus: 1 },
      { atMs: 1000, vus: 2 },
      { atMs: 2000, vus: 0 },
    ]);
  });

  it('maxVus', () => {
    expect(maxVus(constant)).toBe(20);
    expect(maxVus({ executor: 'constant-vus', duration: '1s', steps })).toBe(1);
    expect(maxVus(ramping)).toBe(60);
    expect(maxVus({ executor: 'ramping-vus', startVUs: 50, stages: [{ duration: '10s', target: 10 }], steps })).toBe(
      50,
    );
    expect(maxVus({ executor: 'ramping-vus', stages: [{ duration: '10s', target: 0 }], steps })).toBe(1);
    expect(maxVus(shared)).toBe(3);
    expect(maxVus({ executor: 'per-vu-iterations', steps })).toBe(1);
  });

  it('regularDurationMs', () => {
    expect(regularDurationMs(constant)).toBe(30_000);
    expect(regularDurationMs(ramping)).toBe(165_000);
    expect(regularDurationMs(perVu)).toBe(60_000);
    expect(regularDurationMs(shared)).toBe(30_000);
    expect(regularDurationMs({ executor: 'per-vu-iterations', steps })).toBe(600_000);
  });

  it('gracefulStopMs and startTimeMs', () => {
    expect(gracefulStopMs(constant)).toBe(DEFAULT_GRACEFUL_STOP_MS);
    expect(DEFAULT_GRACEFUL_STOP_MS).toBe(30_000);
    expect(gracefulStopMs({ ...constant, gracefulStop: '5s' })).toBe(5000);
    expect(gracefulStopMs({ ...constant, gracefulStop: '0s' })).toBe(0);
    expect(startTimeMs(constant)).toBe(0);
    expect(startTimeMs({ ...constant, startTime: '1m30s' })).toBe(90_000);
  });

  it('planMaxDurationMs: the latest startTime + duration + gracefulStop over all scenarios', () => {
    const plan = (scenarios: Record<string, Scenario>): Plan => ({ version: 1, name: 'p', scenarios });
    expect(planMaxDurationMs(plan({ a: constant }))).toBe(30_000 + 30_000);
    expect(planMaxDurationMs(plan({ a: { ...constant, startTime: '10s', gracefulStop: '5s' } }))).toBe(45_000);
    expect(planMaxDurationMs(plan({ a: { ...constant, startTime: '2m', gracefulStop: '0s' }, b: ramping }))).toBe(
      165_000 + 30_000,
    );
    expect(planMaxDurationMs(plan({ a: { ...constant, startTime: '3m', gracefulStop: '0s' }, b: ramping }))).toBe(
      210_000,
    );
    expect(planMaxDurationMs(plan({ a: { executor: 'shared-iterations', steps } }))).toBe(600_000 + 30_000);
  });
});

describe('describeScenario', () => {
  it('constant-vus reads like k6: "20 looping VUs for 30s (gracefulStop: 30s)"', () => {
    expect(describeScenario({ executor: 'constant-vus', vus: 20, duration: '30s', steps })).toBe(
      '20 looping VUs for 30s (gracefulStop: 30s)',
    );
  });

  it('ramping-vus names the peak, the stages, the total and the graceful times', () => {
    expect(
      describeScenario({
        executor: 'ramping-vus',
        startVUs: 0,
        gracefulRampDown: '10s',
        stages: [
          { duration: '30s', target: 20 },
          { duration: '1m', target: 20 },
          { duration: '15s', target: 60 },
          { duration: '30s', target: 60 },
          { duration: '30s', target: 0 },
        ],
        steps,
      }),
    ).toBe('up to 60 VUs over 5 stages for 2m45s (gracefulStop: 30s, gracefulRampDown: 10s)');
    expect(
      describeScenario({
        executor: 'ramping-vus',
        stages: [{ duration: '10s', target: 1 }],
        gracefulStop: '5s',
        steps,
      }),
    ).toBe('up to 1 VU over 1 stage for 10s (gracefulStop: 5s, gracefulRampDown: 30s)');
  });

  it('iteration executors', () => {
    expect(describeScenario({ executor: 'per-vu-iterations', vus: 1, iterations: 5, maxDuration: '1m', steps })).toBe(
      '5 iterations for each of 1 VU (maxDuration: 1m0s, gracefulStop: 30s)',
    );
    expect(describeScenario({ executor: 'shared-iterations', vus: 3, iterations: 6, maxDuration: '30s', steps })).toBe(
      '6 iterations shared among 3 VUs (maxDuration: 30s, gracefulStop: 30s)',
    );
    expect(describeScenario({ executor: 'shared-iterations', steps })).toMatch(
      /^1 iterations? shared among 1 VU \(maxDuration: 10m0s, gracefulStop: 30s\)$/,
    );
  });

  it('mentions a startTime only when there is one', () => {
    expect(
      describeScenario({
        executor: 'per-vu-iterations',
        vus: 2,
        iterations: 3,
        startTime: '10s',
        gracefulStop: '1s',
        steps,
      }),
    ).toBe('3 iterations for each of 2 VUs (maxDuration: 10m0s, startTime: 10s, gracefulStop: 1s)');
    expect(describeScenario({ executor: 'per-vu-iterations', vus: 2, iterations: 3, startTime: '0s', steps })).toBe(
      '3 iterations for each of 2 VUs (maxDuration: 10m0s, gracefulStop: 30s)',
    );
  });
});
