/**
 * Mid-run control on the coordinator's side: checks a change against the run (refused, with the reason, for an
 * execution segment, an iteration executor, a scenario not running, a count past the ceiling), stamps it with the
 * whole second it applies at, keeps the run's control state and the list of changes (the summary's phases), and
 * hands each change to the workers. Nothing here runs per request or per iteration.
 */
import { MIN_VU_CEILING, VU_CEILING_FACTOR } from './headroom.ts';
import {
  MAX_CONTROL_RATE,
  ControlError,
  type ControlChange,
  type ControlEvent,
  type ControlState,
  type ScaleTarget,
} from '../../plan/control.ts';

/**
 * Changes apply at the next whole second of test time at least this far ahead: every worker has them before they
 * are due, and every per-second sample lies in one phase, so each phase's numbers are exact.
 */
export const CONTROL_LEAD_MS = 100;
/** Most changes one run records: the timeline stays bounded whatever a script sends. */
export const MAX_CONTROL_EVENTS = 1000;

/** What control needs to know of a scenario (this run's numbers). */
export interface ControlScenario {
  name: string;
  executor: string;
  startMs: number;
  regularMs: number;
  /** Closed model: the plan's (peak) VUs; open model: its maxVUs. */
  maxVus: number;
  /** constant-vus, ramping-vus: the most VUs a scale may ask (headroom.ts); absent: its VUs cannot be scaled. */
  vuCeiling?: number;
}

export interface RunControlOptions {
  scenarios: readonly ControlScenario[];
  /** Why this run takes no changes at all (an execution segment), when it does not. */
  refusal?: string;
  /** Test time now (ms), or undefined before the test starts. */
  now(): number | undefined;
  /** Hands a change to the workers (and whoever listens). */
  send(e: ControlEvent): void;
}

const OPEN = /arrival-rate$/;

export class RunControl {
  private readonly o: RunControlOptions;
  private paused = false;
  private readonly targets = new Map<string, ScaleTarget>();
  private readonly list: ControlEvent[] = [];
  private ended: string | undefined;

  constructor(o: RunControlOptions) {
    this.o = o;
  }

  get events(): readonly ControlEvent[] {
    return this.list;
  }

  /** The state as set so far (a change not yet due included): what a caller is told after a change. */
  get state(): ControlState {
    return { paused: this.paused, targets: Object.fromEntries(this.targets) };
  }

  /** The state in effect at test time `ms`: the changes due by then. */
  stateAt(ms: number): ControlState {
    const state: ControlState = { paused: false, targets: {} };
    for (const e of this.list) {
      if (e.atMs > ms) break;
      if (e.kind === 'scale') state.targets[e.scenario] = 'vus' in e ? { vus: e.vus } : { rate: e.rate };
      else state.paused = e.kind === 'pause';
    }
    return state;
  }

  /** No change is taken from now on (the run is stopping or over). */
  end(reason: string): void {
    this.ended ??= reason;
  }

  /** No new iteration from the next whole second; running ones finish. Nothing (no change) when already paused. */
  pause(): ControlEvent[] {
    const at = this.when();
    if (this.paused) return [];
    this.paused = true;
    return this.record([{ kind: 'pause' }], at);
  }

  /** Iterations start again at the current targets. Nothing (no change) when not paused. */
  resume(): ControlEvent[] {
    const at = this.when();
    if (!this.paused) return [];
    this.paused = false;
    return this.record([{ kind: 'resume' }], at);
  }

  /**
   * `target` for `scenario` from the next whole second to its end; without a scenario, for each one the target
   * fits (VUs: constant-vus and ramping-vus; rate: the arrival-rate executors) that is running.
   */
  scale(scenario: string | undefined, target: ScaleTarget): ControlEvent[] {
    const at = this.when();
    checkValue(target);
    const chosen = scenario === undefined ? this.fitting(target, at) : [this.named(scenario)];
    for (const sc of chosen) this.checkScale(sc, target, at);
    for (const sc of chosen) this.targets.set(sc.name, target);
    return this.record(
      chosen.map((sc) => ({ kind: 'scale', scenario: sc.name, ...target })),
      at,
    );
  }

  /**
   * The VUs the run may use at test time `ms` (default: as set so far): a scaled scenario's target, else the
   * plan's (closed model) or maxVUs (open model). The VUs chart's limit line and the progress line's "n/max VUs"
   * follow it.
   */
  vusMax(ms?: number): number {
    const targets = ms === undefined ? Object.fromEntries(this.targets) : this.stateAt(ms).targets;
    return this.o.scenarios.reduce((n, sc) => {
      const t = targets[sc.name];
      return n + (t && 'vus' in t ? t.vus : sc.maxVus);
    }, 0);
  }

  /** The test time the change applies at; throws when the run takes none now. */
  private when(): number {
    if (this.o.refusal) throw new ControlError(this.o.refusal);
    if (this.ended) throw new ControlError(this.ended);
    const now = this.o.now();
    if (now === undefined) throw new ControlError('the run has not started yet: try again once it runs');
    if (this.list.length >= MAX_CONTROL_EVENTS)
      throw new ControlError(
        `this run has had ${MAX_CONTROL_EVENTS} changes, the most one run records: stop it and start another`,
      );
    return Math.ceil((now + CONTROL_LEAD_MS) / 1000) * 1000;
  }

  private record(changes: ControlChange[], atMs: number): ControlEvent[] {
    const events = changes.map((c) => ({ ...c, atMs }));
    for (const e of events) {
      this.list.push(e);
      this.o.send(e);
    }
    return events;
  }

  private named(name: string): ControlScenario {
    const sc = this.o.scenarios.find((s) => s.name === name);
    if (!sc)
      throw new ControlError(
        `there is no scenario '${name}' in this run; its scenarios: ${this.o.scenarios.map((s) => s.name).join(', ')}`,
      );
    return sc;
  }

  private fitting(target: ScaleTarget, at: number): ControlScenario[] {
    const unit = 'vus' in target ? 'VUs' : 'a rate';
    const fits = this.o.scenarios.filter((sc) =>
      'vus' in target ? sc.vuCeiling !== undefined : OPEN.test(sc.executor),
    );
    if (fits.length === 0)
      throw new ControlError(
        `no scenario of this run takes ${unit}: ${this.o.scenarios.map((sc) => `${sc.name} runs ${sc.executor}`).join(', ')}${'vus' in target ? ' (VUs scale constant-vus and ramping-vus)' : ' (a rate scales constant-arrival-rate and ramping-arrival-rate)'}`,
      );
    const running = fits.filter((sc) => at >= sc.startMs && at < sc.startMs + sc.regularMs);
    if (running.length === 0)
      throw new ControlError(
        `no scenario that takes ${unit} is running at ${at / 1000}s: ${fits.map((sc) => `${sc.name} runs from ${sc.startMs / 1000}s to ${(sc.startMs + sc.regularMs) / 1000}s`).join(', ')}`,
      );
    return running;
  }

  private checkScale(sc: ControlScenario, target: ScaleTarget, at: number): void {
    const open = OPEN.test(sc.executor);
    if (!open && sc.vuCeiling === undefined) {
      throw new ControlError(
        `scenario '${sc.name}' runs ${sc.executor}: its work is a number of iterations, not a load over time, so it cannot be scaled (pause and resume apply to it)`,
      );
    }
    if ('vus' in target && open)
      throw new ControlError(
        `scenario '${sc.name}' is open-model (${sc.executor}): set its rate (iterations per second), not VUs`,
      );
    if ('rate' in target && !open)
      throw new ControlError(`scenario '${sc.name}' is closed-model (${sc.executor}): set its VUs, not a rate`);
    if (at < sc.startMs)
      throw new ControlError(
        `scenario '${sc.name}' starts at ${sc.startMs / 1000}s (its startTime): scale it once it runs`,
      );
    if (at >= sc.startMs + sc.regularMs)
      throw new ControlError(
        `scenario '${sc.name}' has reached the end of its duration (${(sc.startMs + sc.regularMs) / 1000}s): nothing left to scale`,
      );
    if ('vus' in target && sc.vuCeiling !== undefined && target.vus > sc.vuCeiling) {
      throw new ControlError(
        `${target.vus} VUs is more than this run allows scenario '${sc.name}' (${sc.vuCeiling}: ${VU_CEILING_FACTOR} times its planned ${sc.maxVus} VUs, at least ${MIN_VU_CEILING}); for more, give the plan more VUs`,
      );
    }
  }
}

function checkValue(target: ScaleTarget): void {
  if ('vus' in target && (!Number.isInteger(target.vus) || target.vus < 0))
    throw new ControlError(`VUs must be a whole number of 0 or more, got ${target.vus}`);
  if ('rate' in target && (!Number.isFinite(target.rate) || target.rate < 0 || target.rate > MAX_CONTROL_RATE)) {
    throw new ControlError(
      `the rate must be from 0 to ${MAX_CONTROL_RATE.toLocaleString('en-US')} iterations per second, got ${target.rate}`,
    );
  }
}
