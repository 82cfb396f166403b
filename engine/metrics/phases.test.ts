/**
 * Phases of a run changed mid-run: each second's samples counted in the phase in effect, each scenario's target
 * (the plan's until its first change, then the scale's, none while paused) next to what it achieved.
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../plan/schema/index.ts';
import { PhaseTracker } from './phases.ts';
import { sample, series, seriesKey } from './testing.ts';

const ramp = {
  executor: 'ramping-vus',
  startVUs: 0,
  stages: [{ duration: '10s', target: 10 }],
  steps: [],
} as unknown as Scenario;
const open = {
  executor: 'ramping-arrival-rate',
  startRate: 0,
  timeUnit: '1s',
  preAllocatedVUs: 5,
  maxVUs: 50,
  stages: [{ duration: '10s', target: 100 }],
  steps: [],
} as unknown as Scenario;

/** One second of both scenarios: `vus` of `closed`, `reqs` requests of 2 ms each, `started` arrivals of `api` (and `dropped`). */
function second(vus: number, reqs: number, started: number, dropped = 0) {
  return [
    sample(0, {
      vus: { closed: vus, api: started > 0 ? 2 : 0 },
      series:
        reqs > 0
          ? [
              series(
                seriesKey('closed', '', 'r', 'GET', 200, true),
                Array.from({ length: reqs }, () => 2000),
              ),
            ]
          : [],
      iterations: [
        {
          scenario: 'closed',
          completed: reqs,
          interrupted: 0,
          duration: series(seriesKey('closed', '', 'r', 'GET', 200, true), [1]).duration,
        },
        {
          scenario: 'api',
          completed: started,
          interrupted: 0,
          duration: series(seriesKey('api', '', 'r', 'GET', 200, true), [1]).duration,
          scheduled: started + dropped,
          started,
        },
      ],
      dropped: dropped > 0 ? { api: dropped } : {},
    }),
  ];
}

function tracked(): PhaseTracker {
  return new PhaseTracker([
    { name: 'closed', scenario: ramp, startMs: 0, regularMs: 10_000 },
    { name: 'api', scenario: open, startMs: 0, regularMs: 10_000 },
  ]);
}

describe('PhaseTracker', () => {
  it('says nothing when nothing was changed', () => {
    const t = tracked();
    t.add(second(1, 10, 5), 0, 1);
    expect(t.result(1000)).toEqual({ events: [], phases: [] });
  });

  it('splits the run at each change: the plan until then, the target after, paused in between', () => {
    const t = tracked();
    for (let s = 0; s < 4; s++) t.add(second(s, 10 * s, 20 * s), s, 1);
    t.change({ kind: 'scale', scenario: 'closed', vus: 4, atMs: 4000 });
    t.change({ kind: 'scale', scenario: 'api', rate: 5, atMs: 4000 });
    for (let s = 4; s < 6; s++) t.add(second(4, 40, 5), s, 1);
    t.change({ kind: 'pause', atMs: 6000 });
    t.add(second(2, 0, 0), 6, 1);
    t.add(second(0, 0, 0), 7, 1);
    t.change({ kind: 'resume', atMs: 8000 });
    t.add(second(4, 40, 4, 1), 8, 1);
    t.add(second(4, 20, 2), 9, 0.5);
    const { events, phases } = t.result(9500);
    expect(events).toHaveLength(4);
    expect(phases.map((p) => [p.startMs, p.endMs, p.paused, p.changes.length])).toEqual([
      [0, 4000, false, 0],
      [4000, 6000, false, 2],
      [6000, 8000, true, 1],
      [8000, 9500, false, 1],
    ]);

    const [plan, scaled, paused, resumed] = phases;
    // The plan: ramping 0 -> 10 VUs over 10 s, so 0 -> 3 VUs in the first 4 s; 0 -> 40/s, 20/s on average.
    expect(plan?.scenarios[0]).toMatchObject({
      name: 'closed',
      target: { source: 'plan', vus: { from: 0, to: 3 } },
      seconds: 4,
      vus: { avg: 1.5, max: 3 },
      reqs: 60,
      rps: 15,
    });
    expect(plan?.scenarios[1]?.target).toEqual({ source: 'plan', rate: { from: 0, to: 40, average: 20 } });
    expect(plan?.scenarios[1]?.arrival).toEqual({ scheduled: 120, started: 120, dropped: 0, achievedRate: 30 });
    expect(plan).toMatchObject({ reqs: 60, rps: 15, failedRate: 0 });
    expect(plan?.p95).toBeCloseTo(2, 1);

    expect(scaled?.changes).toEqual([
      { kind: 'scale', scenario: 'closed', vus: 4 },
      { kind: 'scale', scenario: 'api', rate: 5 },
    ]);
    expect(scaled?.scenarios[0]).toMatchObject({
      target: { source: 'control', vus: { from: 4, to: 4 } },
      vus: { avg: 4, max: 4 },
      rps: 40,
    });
    expect(scaled?.scenarios[1]).toMatchObject({
      target: { source: 'control', rate: { from: 5, to: 5, average: 5 } },
      arrival: { achievedRate: 5 },
    });

    expect(paused?.scenarios.map((s) => s.target)).toEqual([{ source: 'paused' }, { source: 'paused' }]);
    expect(paused).toMatchObject({ reqs: 0, p95: null });
    expect(paused?.scenarios[0]?.vus).toEqual({ avg: 1, max: 2 });

    // After resume the last scale's targets hold again; the short last second counts by its length.
    expect(resumed?.scenarios[0]?.target).toEqual({ source: 'control', vus: { from: 4, to: 4 } });
    expect(resumed?.scenarios[1]?.arrival).toEqual({ scheduled: 7, started: 6, dropped: 1, achievedRate: 4 });
    expect(resumed?.rps).toBeCloseTo(60 / 1.5, 6);
  });

  it('a resume before any scale gives the plan back as the target', () => {
    const t = tracked();
    t.change({ kind: 'pause', atMs: 2000 });
    t.change({ kind: 'resume', atMs: 5000 });
    for (let s = 0; s < 8; s++) t.add(second(1, 1, 1), s, 1);
    const [, , back] = t.result(8000).phases;
    // Ramping 5 -> 8 VUs between 5 s and 8 s; 50 -> 80/s, 65/s on average.
    expect(back?.scenarios[0]?.target).toEqual({ source: 'plan', vus: { from: 5, to: 7 } });
    expect(back?.scenarios[1]?.target).toEqual({ source: 'plan', rate: { from: 50, to: 80, average: 65 } });
  });

  it('counts a scenario only in the seconds it runs (its startTime and duration)', () => {
    const t = new PhaseTracker([{ name: 'closed', scenario: ramp, startMs: 3000, regularMs: 2000 }]);
    t.change({ kind: 'pause', atMs: 4000 });
    for (let s = 0; s < 8; s++) t.add(second(1, 1, 0), s, 1);
    expect(t.result(8000).phases.map((p) => p.scenarios[0]?.seconds)).toEqual([1, 1]);
  });
});
