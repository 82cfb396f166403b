/**
 * The closed-model executors (policies.ts over ScenarioRun), with empty iterations and no worker thread: how many
 * iterations each lets run, when a scenario finishes, and what a ramp asks for when.
 */
import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import type { Scenario } from '../../plan/schema/index.ts';
import { Feeders } from '../data/feeders.ts';
import type { WorkerContext } from '../vu/interpreter.ts';
import { VirtualUser } from '../vu/virtual-user.ts';
import { policyFor, scaleDownGraceMs, type IterationClaim } from './policies.ts';
import { ScenarioRun, type VuSlot } from './scenario-run.ts';

type Closed = Exclude<Scenario, { executor: 'constant-arrival-rate' | 'ramping-arrival-rate' }>;

/** `vus` VUs of scenario `s` running empty iterations under `sc`'s executor, for at most `regularEndMs`. */
function closedRun(sc: Closed, vus: number, regularEndMs: number, claim?: IterationClaim) {
  const recorder = new MetricsRecorder();
  const slots: VuSlot[] = Array.from({ length: vus }, (_, index) => ({
    index,
    vu: new VirtualUser(index + 1, 's', {}, 'iteration'),
    iter: 0,
    running: false,
    retiring: false,
    retireTimer: undefined,
  }));
  const run = new ScenarioRun(
    {
      name: 's',
      steps: [],
      slots,
      startMs: 0,
      regularEndMs,
      gracefulStopMs: 1000,
      feeders: new Feeders([], new Int32Array(0)),
      recorder,
      wc: { recorder } as unknown as WorkerContext,
    },
    policyFor(sc, claim),
  );
  const iterations = () => recorder.flush(0, 0, true, {}).iterations[0];
  return { run, iterations };
}

/** A shared budget of `n` iterations, as the Atomics counter workers share gives it out. */
const budget = (n: number): IterationClaim & { left: () => number } => {
  let left = n;
  return { claim: () => (left > 0 ? (left--, true) : false), left: () => left };
};

describe('closed-model executors', () => {
  it('per-vu-iterations: each VU runs its iterations, then the scenario finishes before its regular end', async () => {
    const { run, iterations } = closedRun(
      { executor: 'per-vu-iterations', vus: 3, iterations: 4, steps: [] },
      3,
      60_000,
    );
    run.schedule(0);
    await run.done;
    expect(iterations()).toMatchObject({ scenario: 's', completed: 12 });
    expect(run.slots.map((s) => s.iter)).toEqual([4, 4, 4]);
  });

  it('shared-iterations: the VUs together run the budget, whichever VU claims each', async () => {
    const shared = budget(10);
    const { run, iterations } = closedRun(
      { executor: 'shared-iterations', vus: 3, iterations: 10, steps: [] },
      3,
      60_000,
      shared,
    );
    run.schedule(0);
    await run.done;
    expect(iterations()?.completed).toBe(10);
    expect(shared.left()).toBe(0);
    expect(run.slots.reduce((n, s) => n + s.iter, 0)).toBe(10);
  });

  it('shared-iterations without a shared counter is a programming error, said at once', () => {
    expect(() => policyFor({ executor: 'shared-iterations', vus: 1, iterations: 1, steps: [] }, undefined)).toThrow(
      /shared iteration counter/,
    );
  });

  it('constant-vus: loops until the regular end, then the scenario finishes', async () => {
    const { run, iterations } = closedRun({ executor: 'constant-vus', vus: 2, duration: '1s', steps: [] }, 2, 30);
    run.schedule(0);
    await run.done;
    expect(iterations()?.completed).toBeGreaterThan(0);
    expect(run.slots.every((s) => s.iter > 0)).toBe(true);
  });

  it('a hard stop ends a scenario that would loop for a minute', async () => {
    const { run } = closedRun({ executor: 'constant-vus', vus: 1, duration: '1m', steps: [] }, 1, 60_000);
    run.schedule(0);
    await new Promise((r) => setTimeout(r, 20));
    run.interrupt();
    await run.done;
    expect(run.slots[0]?.running).toBe(false);
  });
});

describe('ramping-vus', () => {
  /** The VU counts the ramp asks for and when, from a fake ScenarioRun that records them. */
  function followed(sc: Closed, scaleVus?: (v: number) => number): [number, number, number][] {
    const asked: [number, number, number][] = [];
    let at = 0;
    const fake = {
      after: (ms: number, fn: () => void) => {
        at = ms;
        fn();
      },
      follow: (vus: number, graceMs: number) => asked.push([at, vus, graceMs]),
    };
    policyFor(sc, undefined, scaleVus).begin(fake as unknown as ScenarioRun);
    return asked;
  }

  it('follows its stages, with gracefulRampDown for VUs it retires, and never says it is exhausted', () => {
    const sc: Closed = {
      executor: 'ramping-vus',
      startVUs: 0,
      gracefulRampDown: '3s',
      stages: [
        { duration: '2s', target: 2 },
        { duration: '2s', target: 0 },
      ],
      steps: [],
    };
    const asked = followed(sc);
    expect(asked[0]).toEqual([0, 0, 3000]);
    expect(asked.map(([, vus]) => vus)).toEqual([0, 1, 2, 1, 0]);
    expect(asked.map(([at]) => at)).toEqual([...asked.map(([at]) => at)].sort((a, b) => a - b));
    expect(policyFor(sc, undefined).exhausted()).toBe(false);
  });

  it("in an execution segment follows the segment's share of each count", () => {
    const sc: Closed = { executor: 'ramping-vus', startVUs: 4, stages: [{ duration: '1s', target: 4 }], steps: [] };
    expect(followed(sc, (v) => Math.floor(v / 2)).map(([, vus]) => vus)).toEqual([2]);
  });

  it('a mid-run scale down gives ramping-vus its gracefulRampDown, the others their gracefulStop', () => {
    expect(
      scaleDownGraceMs({
        executor: 'ramping-vus',
        gracefulRampDown: '7s',
        stages: [{ duration: '1s', target: 1 }],
        steps: [],
      }),
    ).toBe(7000);
    expect(scaleDownGraceMs({ executor: 'constant-vus', vus: 1, duration: '1s', gracefulStop: '2s', steps: [] })).toBe(
      2000,
    );
  });
});
