/**
 * Mid-run control of a real run (issue 23): pause, resume and scale through RunHandle, seen where it counts, at a
 * target the test started. Counts rather than wall-clock where possible: an open-model schedule is exact, so the
 * iterations a change asks for are counted to the one; a closed model's VUs are counted by the ${vu} numbers the
 * target saw. Every change applies at a whole second, which the phases say.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePlan } from '../../engine/plan/parse.ts';
import { formatSegment, formatSequence, segmentOfN } from '../../engine/base/segment.ts';
import { ControlError, runPlan, type RunHandle, type Tick } from '../../engine/run/run-plan.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { header } from './run-helper.ts';

let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer({ record: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());

function start(scenario: string, opts: { workers?: number; segment?: boolean } = {}): RunHandle {
  const { plan, source } = parsePlan(
    `
version: 1
name: mid-run control
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
${scenario}
`,
    'control.yaml',
  );
  const segment = segmentOfN(1, 2);
  return runPlan(plan, {
    source,
    env: { BASE: server.url },
    workers: opts.workers ?? 2,
    ...(opts.segment
      ? { segment: { segment: formatSegment(segment.segment), sequence: formatSequence(segment.sequence) } }
      : {}),
  });
}

/** Calls `act` on the first tick at or after `seconds` of test time (ticks come once per second). */
function at(run: RunHandle, seconds: number, act: (t: Tick) => void): void {
  let done = false;
  run.on('tick', (t) => {
    if (!done && t.elapsedMs >= seconds * 1000) {
      done = true;
      act(t);
    }
  });
}

const distinctVus = (): Set<string> => new Set(server.requests.map((r) => header(r, 'x-vu') ?? '?'));

describe('mid-run scale', () => {
  it("constant-vus: more VUs from the change on, numbered after the plan's, each phase with its own numbers", async () => {
    const run = start(
      '    executor: constant-vus\n    vus: 2\n    duration: 5s\n    gracefulStop: 2s\n    steps:\n      - request: { url: /json, headers: { X-VU: "${vu}" } }\n      - think: 50ms',
    );
    at(run, 1, () => {
      expect(run.scale('s', { vus: 6 })).toHaveLength(1);
    });
    const summary = await run.done;
    // The plan's VUs are 1 and 2; the four more are numbered after every planned VU of the test.
    expect([...distinctVus()].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    const phases = summary.control?.phases ?? [];
    expect(phases).toHaveLength(2);
    const [before, after] = phases;
    expect(before?.scenarios[0]?.target).toEqual({ source: 'plan', vus: { from: 2, to: 2 } });
    // The new VUs start with the phase, not in the plan's last second (its sample is sent first).
    expect(before?.scenarios[0]?.vus.max).toBe(2);
    expect(after?.changes).toEqual([{ kind: 'scale', scenario: 's', vus: 6 }]);
    expect(after?.startMs).toBe(2000); // the whole second at least 100 ms after the tick at 1 s
    expect(after?.scenarios[0]?.target).toEqual({ source: 'control', vus: { from: 6, to: 6 } });
    expect(after?.scenarios[0]?.vus.max).toBe(6);
    // Three times the VUs, each bound by its think time: clearly more requests per second (bounds for a busy machine).
    expect(after?.rps ?? 0).toBeGreaterThan(1.8 * (before?.rps ?? Infinity));
    expect(summary.metrics.vus_max).toMatchObject({ max: 6 });
  });

  it('ramping-vus: a scale replaces the remaining stages (the plan would have gone to 20)', async () => {
    const run = start(
      '    executor: ramping-vus\n    startVUs: 1\n    stages: [{ duration: 5s, target: 20 }]\n    gracefulRampDown: 0s\n    steps:\n      - request: { url: /json, headers: { X-VU: "${vu}" } }\n      - think: 50ms',
    );
    const ticks: Tick[] = [];
    run.on('tick', (t) => ticks.push(t));
    at(run, 1, () => run.scale('s', { vus: 3 }));
    const summary = await run.done;
    const after = summary.control?.phases[1];
    // The second the change comes still shows the VUs that were running (each second's peak); from the next on, 3.
    const later = ticks.filter((t) => t.elapsedMs > (after?.startMs ?? 0) + 1000);
    expect(later.length).toBeGreaterThanOrEqual(2);
    expect(later.map((t) => [t.vus, t.vusMax])).toEqual(later.map(() => [3, 3]));
    expect(after?.scenarios[0]?.target).toEqual({ source: 'control', vus: { from: 3, to: 3 } });
  });

  it('constant-arrival-rate: the new rate exactly, from its second to the end, counted at the target', async () => {
    const run = start(
      '    executor: constant-arrival-rate\n    rate: 10\n    duration: 4s\n    preAllocatedVUs: 5\n    maxVUs: 50\n    steps: [{ request: { url: /json } }]',
    );
    let atMs = 0;
    at(run, 1, () => {
      atMs = run.scale(undefined, { rate: 40 })[0]?.atMs ?? 0;
    });
    const summary = await run.done;
    const expected = 10 * (atMs / 1000) + 40 * (4 - atMs / 1000);
    expect(atMs).toBeGreaterThanOrEqual(2000);
    expect(summary.scenarios[0]?.arrival).toMatchObject({ scheduled: expected, started: expected });
    expect(server.hits('/json')).toBe(expected);
    // The target is the phases' (10/s, then 40/s), not the plan's 10/s.
    expect(summary.scenarios[0]?.arrival?.targetRate).toBeCloseTo(expected / 4, 1);
    expect(summary.control?.phases.map((p) => p.scenarios[0]?.arrival?.scheduled)).toEqual([
      10 * (atMs / 1000),
      40 * (4 - atMs / 1000),
    ]);
  });
});

describe('pause and resume', () => {
  it('open model: nothing is due while paused (not dropped, not made up after), the plan again after resume', async () => {
    const run = start(
      '    executor: constant-arrival-rate\n    rate: 20\n    duration: 6s\n    preAllocatedVUs: 20\n    steps: [{ request: { url: /json } }]',
    );
    let paused = 0;
    let resumed = 0;
    at(run, 1, () => {
      paused = run.pause()[0]?.atMs ?? 0;
    });
    at(run, 3, () => {
      resumed = run.resume()[0]?.atMs ?? 0;
    });
    const summary = await run.done;
    const expected = 20 * ((paused + (6000 - resumed)) / 1000);
    expect(resumed - paused).toBeGreaterThanOrEqual(1000);
    expect(summary.scenarios[0]).toMatchObject({ dropped: 0, arrival: { scheduled: expected, started: expected } });
    expect(server.hits('/json')).toBe(expected);
    expect(summary.control?.phases.map((p) => p.paused)).toEqual([false, true, false]);
    expect(summary.control?.phases[1]?.scenarios[0]?.arrival?.scheduled).toBe(0);
  });

  it('closed model: running iterations finish, none starts until resume; the duration keeps running', async () => {
    const run = start(
      '    executor: constant-vus\n    vus: 3\n    duration: 5s\n    steps:\n      - request: { url: "/delay?ms=200", headers: { X-VU: "${vu}" } }',
    );
    let paused = 0;
    let resumed = 0;
    let pausedAtEpoch = 0;
    at(run, 1, () => {
      paused = run.pause()[0]?.atMs ?? 0;
      pausedAtEpoch = Date.now() + (paused - 1000);
    });
    at(run, 3, () => {
      resumed = run.resume()[0]?.atMs ?? 0;
    });
    const summary = await run.done;
    // No request arrives from the pause (plus the 200 ms an iteration started just before it takes) to the resume.
    const quiet = server.requests.filter(
      (r) => r.at > pausedAtEpoch + 500 && r.at < pausedAtEpoch + (resumed - paused) - 200,
    );
    expect(resumed - paused).toBeGreaterThanOrEqual(1000);
    expect(quiet).toEqual([]);
    expect(summary.control?.phases[1]).toMatchObject({ paused: true, reqs: expect.any(Number) });
    expect(summary.control?.phases[2]?.scenarios[0]?.vus.max).toBe(3);
    expect(summary.durationMs).toBeLessThan(5000 + 1500); // not extended by the pause
    expect(summary.scenarios[0]?.interrupted).toBe(0);
  });

  it('an iteration executor pauses, but is not scaled (the reason is given)', async () => {
    const run = start(
      '    executor: per-vu-iterations\n    vus: 2\n    iterations: 1000\n    maxDuration: 3s\n    steps: [{ request: { url: "/delay?ms=20" } }]',
    );
    let refused = '';
    at(run, 1, () => {
      try {
        run.scale('s', { vus: 4 });
      } catch (e) {
        refused = e instanceof ControlError ? e.message : 'not a ControlError';
      }
      run.pause();
    });
    const summary = await run.done;
    expect(refused).toMatch(/'s' runs per-vu-iterations: its work is a number of iterations.*pause and resume apply/);
    expect(summary.control?.phases[1]?.paused).toBe(true);
    expect(summary.control?.phases[1]?.reqs).toBeLessThanOrEqual(2 * 2); // what was running when the pause came, at most
  });
});

describe('refusals', () => {
  it('an execution segment refuses every change, saying why, and its info says so up front', async () => {
    const run = start(
      '    executor: constant-vus\n    vus: 2\n    duration: 2s\n    steps: [{ request: { url: /json } }]',
      { segment: true },
    );
    let info = '';
    run.on('start', (i) => {
      info = i.controlRefusal ?? '';
    });
    const reasons: string[] = [];
    at(run, 1, () => {
      for (const change of [() => run.pause(), () => run.resume(), () => run.scale('s', { vus: 3 })]) {
        try {
          change();
        } catch (e) {
          reasons.push((e as Error).message);
        }
      }
    });
    const summary = await run.done;
    expect(reasons).toHaveLength(3);
    for (const r of reasons)
      expect(r).toMatch(/not available for an execution segment \(--segment\).*unbalance the whole/);
    expect(info).toBe(reasons[0]);
    expect(summary.control).toBeUndefined();
  });

  it('before the start and after the end, a change is refused', async () => {
    const run = start(
      '    executor: constant-vus\n    vus: 1\n    duration: 1s\n    steps: [{ request: { url: /json } }]',
    );
    expect(() => run.pause()).toThrow(/not started yet/);
    await run.done;
    expect(() => run.scale('s', { vus: 2 })).toThrow(/the run has ended/);
  });
});
