/** What mid-run control accepts, when it applies, and how it refuses (with the reason, in the user's words). */
import { describe, expect, it } from 'vitest';
import { RunControl, type ControlScenario } from './run-control.ts';
import { ControlError, type ControlEvent } from '../../plan/control.ts';

const SCENARIOS: ControlScenario[] = [
  { name: 'browse', executor: 'constant-vus', startMs: 0, regularMs: 60_000, maxVus: 10, vuCeiling: 100 },
  { name: 'ramp', executor: 'ramping-vus', startMs: 0, regularMs: 60_000, maxVus: 20, vuCeiling: 200 },
  { name: 'api', executor: 'constant-arrival-rate', startMs: 0, regularMs: 60_000, maxVus: 50 },
  { name: 'once', executor: 'per-vu-iterations', startMs: 0, regularMs: 600_000, maxVus: 5 },
  { name: 'later', executor: 'constant-vus', startMs: 30_000, regularMs: 10_000, maxVus: 1, vuCeiling: 100 },
];

function control(
  now: number | undefined = 4_250,
  refusal?: string,
): { c: RunControl; sent: ControlEvent[]; clock: { now: number | undefined } } {
  const sent: ControlEvent[] = [];
  const clock = { now };
  const c = new RunControl({
    scenarios: SCENARIOS,
    now: () => clock.now,
    send: (e) => sent.push(e),
    ...(refusal ? { refusal } : {}),
  });
  return { c, sent, clock };
}

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof ControlError) return e.message;
    throw e;
  }
  throw new Error('not refused');
};

describe('RunControl', () => {
  it('applies a change at the next whole second at least 100 ms ahead', () => {
    const { c, sent, clock } = control(4_250);
    expect(c.pause()).toEqual([{ kind: 'pause', atMs: 5_000 }]);
    clock.now = 5_950;
    expect(c.resume()).toEqual([{ kind: 'resume', atMs: 7_000 }]);
    expect(sent.map((e) => e.atMs)).toEqual([5_000, 7_000]);
  });

  it('pausing twice changes nothing the second time (no event), and the state says paused', () => {
    const { c, sent } = control();
    c.pause();
    expect(c.pause()).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(c.state).toEqual({ paused: true, targets: {} });
    expect(c.resume()).toHaveLength(1);
    expect(c.resume()).toEqual([]);
  });

  it('scales a named scenario, and without a name every running scenario the unit fits (each to the target)', () => {
    const { c } = control();
    expect(c.scale('browse', { vus: 30 })).toEqual([{ kind: 'scale', scenario: 'browse', vus: 30, atMs: 5_000 }]);
    // 'later' takes VUs too but has not started: only the running ones.
    expect(c.scale(undefined, { vus: 5 }).map((e) => e.kind === 'scale' && e.scenario)).toEqual(['browse', 'ramp']);
    expect(c.scale(undefined, { rate: 12.5 })).toEqual([{ kind: 'scale', scenario: 'api', rate: 12.5, atMs: 5_000 }]);
    expect(c.state.targets).toEqual({ browse: { vus: 5 }, ramp: { vus: 5 }, api: { rate: 12.5 } });
  });

  it('the VUs the run may use follow the targets as they come due', () => {
    const { c } = control();
    expect(c.vusMax()).toBe(86);
    c.scale('browse', { vus: 40 });
    expect(c.vusMax(4_000)).toBe(86);
    expect(c.vusMax(5_000)).toBe(116);
    expect(c.stateAt(4_000)).toEqual({ paused: false, targets: {} });
    expect(c.stateAt(5_000)).toEqual({ paused: false, targets: { browse: { vus: 40 } } });
  });

  it('refuses what does not fit, saying why', () => {
    const { c, sent } = control();
    expect(refusal(() => c.scale('once', { vus: 2 }))).toMatch(
      /'once' runs per-vu-iterations: its work is a number of iterations.*pause and resume apply/,
    );
    expect(refusal(() => c.scale('api', { vus: 2 }))).toMatch(/'api' is open-model .*set its rate/);
    expect(refusal(() => c.scale('browse', { rate: 2 }))).toMatch(/'browse' is closed-model .*set its VUs/);
    expect(refusal(() => c.scale('later', { vus: 2 }))).toMatch(/'later' starts at 30s \(its startTime\)/);
    expect(refusal(() => c.scale('nosuch', { vus: 2 }))).toMatch(
      /no scenario 'nosuch'.*browse, ramp, api, once, later/,
    );
    expect(refusal(() => c.scale('browse', { vus: 101 }))).toMatch(
      /101 VUs is more than this run allows scenario 'browse' \(100: 10 times its planned 10 VUs/,
    );
    expect(refusal(() => c.scale('browse', { vus: 1.5 }))).toMatch(/whole number/);
    expect(refusal(() => c.scale('api', { rate: -1 }))).toMatch(/from 0 to 1,000,000/);
    expect(refusal(() => c.scale('api', { rate: Number.NaN }))).toMatch(/from 0 to/);
    expect(sent).toEqual([]);
  });

  it("refuses a scale that names no fitting running scenario, and one past a scenario's end", () => {
    const { c, clock } = control();
    clock.now = 59_950;
    expect(refusal(() => c.scale('browse', { vus: 2 }))).toMatch(
      /'browse' has reached the end of its duration \(60s\)/,
    );
    expect(refusal(() => c.scale(undefined, { vus: 2 }))).toMatch(/no scenario that takes VUs is running at 61s/);
  });

  it('refuses every change before the start, after the end, and for a run that takes none', () => {
    const { c, clock } = control();
    clock.now = undefined;
    expect(refusal(() => c.pause())).toMatch(/not started yet/);
    clock.now = 1_000;
    c.end('the run is stopping');
    expect(refusal(() => c.resume())).toBe('the run is stopping');
    expect(refusal(() => control(1_000, 'not for an execution segment').c.scale('browse', { vus: 1 }))).toBe(
      'not for an execution segment',
    );
  });

  it('records at most 1,000 changes', () => {
    const { c } = control();
    for (let i = 0; i < 500; i++) {
      c.pause();
      c.resume();
    }
    expect(refusal(() => c.pause())).toMatch(/1000 changes, the most one run records/);
  });
});
