/**
 * Runs one scenario's share of VUs in a worker. An executor policy decides when VUs are active and whether a
 * VU may start another iteration; this class owns the loops and the stop rules shared by every executor:
 * at the regular end no new iteration starts, running ones get `gracefulStop`, then they are interrupted
 * (interrupted iterations are counted apart, as in k6).
 * Mid-run control (docs/decisions/0005-mid-run-control.md), applied when the worker says it is due (right after the
 * sample of the second before it, so each second is in one phase): pause lets running iterations finish and starts
 * none until resume; scale sets the VU count from then to the end, in place of the executor's own (a ramp's later
 * stages included), growing past the plan's VUs up to the run's ceiling.
 */
import { performance } from 'node:perf_hooks';
import type { MetricsRecorder } from '../../metrics/recorder.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { Feeders } from '../data/feeders.ts';
import { iterationFailed, runIteration, type IterationOutcome, type WorkerContext } from '../vu/interpreter.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';
import { startTimer, stopTimer, type Timer } from '../timers.ts';
import type { ScenarioRunner } from './runner.ts';

export interface VuSlot {
  /** Scenario-wide VU index, 0-based (VU k runs on worker k mod workers). */
  index: number;
  vu: VirtualUser;
  iter: number;
  running: boolean;
  retiring: boolean;
  retireTimer: Timer | undefined;
  /** The executor (or a scale) wants this VU looping: what resume restarts. */
  wanted?: boolean;
  /** A failure policy stopped this VU (onFailure: stopVU): it never starts again, not even in a later ramping stage. */
  stopped?: boolean;
}

export interface ExecutorPolicy {
  /** Called at the scenario start: activate VUs now and/or schedule activations. */
  begin(run: ScenarioRun): void;
  /** May this VU start another iteration? (iteration budgets) */
  mayStart(slot: VuSlot): boolean;
  /**
   * True when no VU will be started again once all loops have ended, so the scenario can finish before its
   * regular end (iteration executors, or data exhausted). ramping-vus may restart VUs, so it never says so.
   */
  exhausted(): boolean;
}

export interface ScenarioSetup {
  name: string;
  steps: CompiledStep[];
  slots: VuSlot[];
  startMs: number;
  regularEndMs: number;
  gracefulStopMs: number;
  /** A scale down: how long a VU above the new count may finish its iteration (default: gracefulStopMs). */
  rampDownMs?: number;
  /**
   * This worker's n-th VU past those in `slots` (mid-run scale up), or undefined when its scenario-wide index would
   * be `below` or more, or past the run's VU ceiling.
   */
  moreVus?: (n: number, below: number) => VuSlot | undefined;
  feeders: Feeders;
  recorder: MetricsRecorder;
  wc: WorkerContext;
}

const us = (ms: number): number => Math.round(ms * 1000);
const macrotask = (): Promise<void> => new Promise((r) => setImmediate(r));

export class ScenarioRun implements ScenarioRunner {
  readonly name: string;
  readonly slots: VuSlot[];
  readonly done: Promise<void>;
  private readonly setup: ScenarioSetup;
  private readonly policy: ExecutorPolicy;
  private resolveDone!: () => void;
  private stopping = false;
  private finished = false;
  private started = false;
  private running = 0;
  private peak = 0;
  private timers: Timer[] = [];
  private paused = false;
  /** The VU count a scale set (the executor's own steps no longer apply); undefined: the executor's. */
  private scaledTo: number | undefined;

  constructor(setup: ScenarioSetup, policy: ExecutorPolicy) {
    this.setup = setup;
    this.policy = policy;
    this.name = setup.name;
    this.slots = setup.slots;
    this.done = new Promise((r) => {
      this.resolveDone = r;
    });
  }

  /**
   * Most VUs active at once since the last call, for the `vus` metric: a peak, so a second in which VUs ran
   * and stopped (the last one, or a short test) does not read as 0.
   */
  takePeakVus(): number {
    const p = Math.max(this.peak, this.running);
    this.peak = this.running;
    return p;
  }

  /** Schedules the scenario relative to the test start (`sinceStartMs` = time already elapsed). */
  schedule(sinceStartMs: number): void {
    if (this.slots.length === 0 && !this.setup.moreVus) {
      this.finish();
      return;
    }
    this.after(this.setup.startMs - sinceStartMs, () => {
      this.started = true;
      // A scale due at the very second the scenario starts came first: it replaces the executor's start.
      if (this.scaledTo === undefined) this.policy.begin(this);
      else this.setVus(this.scaledTo, 0);
      this.after(this.setup.regularEndMs, () => this.endRegular());
      this.checkDone();
    });
  }

  /** Timer relative to now, however long (plan durations may exceed Node's 596.5 h); cleared on hard stop. */
  after(ms: number, fn: () => void): void {
    this.timers.push(startTimer(fn, ms));
  }

  /** Starts (or keeps) the loop of a VU; while paused, it starts at resume. */
  activate(slot: VuSlot): void {
    if (this.stopping || slot.stopped === true) return;
    slot.wanted = true;
    slot.retiring = false;
    if (slot.retireTimer) {
      stopTimer(slot.retireTimer);
      slot.retireTimer = undefined;
    }
    if (!slot.running && !this.paused) void this.loop(slot);
  }

  /** Ramp-down: the VU starts no new iteration and is interrupted after `graceMs`. */
  retire(slot: VuSlot, graceMs: number): void {
    slot.wanted = false;
    if (!slot.running || slot.retiring) return;
    slot.retiring = true;
    slot.retireTimer = startTimer(() => {
      if (slot.retiring && slot.running) slot.vu.interrupt();
    }, graceMs);
  }

  /** The executor's own VU count (a ramp's step): VUs with an index below it run. Ignored once a scale set one. */
  follow(vus: number, graceMs: number): void {
    if (this.scaledTo === undefined) this.setVus(vus, graceMs);
  }

  /** Mid-run, now (the worker calls it when due): no new iteration starts; running ones finish (k6's pause). */
  pause(): void {
    this.paused = true;
  }

  /** Mid-run, now: the VUs the executor (or a scale) wants loop again. */
  resume(): void {
    this.paused = false;
    for (const s of this.slots) if (s.wanted && !s.running) this.activate(s);
    this.checkDone();
  }

  /** Mid-run, now: `vus` VUs to the end, in place of the executor's count (the coordinator checked the ceiling). */
  scale(_atMs: number, vus: number): void {
    this.scaledTo = vus;
    if (!this.started) return;
    this.setVus(vus, this.setup.rampDownMs ?? this.setup.gracefulStopMs);
    this.checkDone();
  }

  private setVus(vus: number, graceMs: number): void {
    for (
      let more = this.setup.moreVus?.(this.slots.length, vus);
      more;
      more = this.setup.moreVus?.(this.slots.length, vus)
    )
      this.slots.push(more);
    for (const slot of this.slots) {
      if (slot.index < vus) this.activate(slot);
      else this.retire(slot, graceMs);
    }
  }

  /** Graceful stop of the whole scenario (end of its duration, or the user's first Ctrl-C). */
  endRegular(): void {
    if (this.stopping) return;
    this.stopping = true;
    if (!this.started) {
      this.finish();
      return;
    }
    this.after(this.setup.gracefulStopMs, () => this.interrupt());
    this.checkDone();
  }

  /** Hard stop: interrupt every VU now. */
  interrupt(): void {
    this.stopping = true;
    for (const s of this.slots) if (s.running) s.vu.interrupt();
    if (!this.started) this.finish();
    this.checkDone();
  }

  private async loop(slot: VuSlot): Promise<void> {
    const { recorder, feeders, steps, wc, name } = this.setup;
    slot.running = true;
    slot.vu.revive();
    this.running++;
    if (this.running > this.peak) this.peak = this.running;
    try {
      while (!this.stopping && !slot.retiring && !this.paused && this.policy.mayStart(slot)) {
        if (!feeders.pick(slot.vu.ctx, slot.iter)) {
          recorder.droppedIteration(name);
          break;
        }
        slot.vu.beginIteration(slot.iter);
        const waits = slot.vu.waits;
        const t = performance.now();
        let outcome: IterationOutcome;
        try {
          outcome = await runIteration(slot.vu, steps, wc);
        } catch (e) {
          outcome = iterationFailed(slot.vu, wc, e);
        }
        recorder.iteration(name, us(performance.now() - t), outcome === 'interrupted');
        slot.iter++;
        if (outcome === 'interrupted') break;
        if (outcome === 'vu-stopped') {
          slot.stopped = true;
          break;
        }
        // An iteration that never waited (e.g. it failed before its first request) must not starve the event loop.
        if (slot.vu.waits === waits) await macrotask();
      }
    } finally {
      slot.running = false;
      slot.retiring = false;
      if (slot.retireTimer) {
        stopTimer(slot.retireTimer);
        slot.retireTimer = undefined;
      }
      this.running--;
      this.checkDone();
    }
  }

  /**
   * Done when stopping (or every VU ran out of work) and no loop is running. Not while paused (resume restarts the
   * VUs), nor once a scale set the count (a later one may start VUs again, as ramping-vus may).
   */
  private checkDone(): void {
    if (this.finished || !this.started || this.running > 0) return;
    // A worker none of the plan's VUs fell to waits for a scale up, if the run can scale.
    const waiting =
      this.paused || this.scaledTo !== undefined || (this.slots.length === 0 && this.setup.moreVus !== undefined);
    if (this.stopping || (!waiting && this.policy.exhausted())) this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopping = true;
    for (const t of this.timers) stopTimer(t);
    this.timers = [];
    this.resolveDone();
  }
}
