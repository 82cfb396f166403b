/**
 * Runs one scenario's share of VUs in a worker. An executor policy decides when VUs are active and whether a
 * VU may start another iteration; this class owns the loops and the stop rules shared by every executor:
 * at the regular end no new iteration starts, running ones get `gracefulStop`, then they are interrupted
 * (interrupted iterations are counted apart, as in k6).
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

  constructor(setup: ScenarioSetup, policy: ExecutorPolicy) {
    this.setup = setup;
    this.policy = policy;
    this.name = setup.name;
    this.slots = setup.slots;
    this.done = new Promise((r) => { this.resolveDone = r; });
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
    if (this.slots.length === 0) { this.finish(); return; }
    this.after(this.setup.startMs - sinceStartMs, () => {
      this.started = true;
      this.policy.begin(this);
      this.after(this.setup.regularEndMs, () => this.endRegular());
      this.checkDone();
    });
  }

  /** Timer relative to now, however long (plan durations may exceed Node's 596.5 h); cleared on hard stop. */
  after(ms: number, fn: () => void): void {
    this.timers.push(startTimer(fn, ms));
  }

  /** Starts (or keeps) the loop of a VU. */
  activate(slot: VuSlot): void {
    if (this.stopping || slot.stopped === true) return;
    slot.retiring = false;
    if (slot.retireTimer) { stopTimer(slot.retireTimer); slot.retireTimer = undefined; }
    if (!slot.running) void this.loop(slot);
  }

  /** Ramp-down: the VU starts no new iteration and is interrupted after `graceMs`. */
  retire(slot: VuSlot, graceMs: number): void {
    if (!slot.running || slot.retiring) return;
    slot.retiring = true;
    slot.retireTimer = startTimer(() => { if (slot.retiring && slot.running) slot.vu.interrupt(); }, graceMs);
  }

  /** Graceful stop of the whole scenario (end of its duration, or the user's first Ctrl-C). */
  endRegular(): void {
    if (this.stopping) return;
    this.stopping = true;
    if (!this.started) { this.finish(); return; }
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
      while (!this.stopping && !slot.retiring && this.policy.mayStart(slot)) {
        if (!feeders.pick(slot.vu.ctx, slot.iter)) { recorder.droppedIteration(name); break; }
        slot.vu.beginIteration(slot.iter);
        const waits = slot.vu.waits;
        const t = performance.now();
        let outcome: IterationOutcome;
        try { outcome = await runIteration(slot.vu, steps, wc); } catch (e) { outcome = iterationFailed(slot.vu, wc, e); }
        recorder.iteration(name, us(performance.now() - t), outcome === 'interrupted');
        slot.iter++;
        if (outcome === 'interrupted') break;
        if (outcome === 'vu-stopped') { slot.stopped = true; break; }
        // An iteration that never waited (e.g. it failed before its first request) must not starve the event loop.
        if (slot.vu.waits === waits) await macrotask();
      }
    } finally {
      slot.running = false;
      slot.retiring = false;
      if (slot.retireTimer) { stopTimer(slot.retireTimer); slot.retireTimer = undefined; }
      this.running--;
      this.checkDone();
    }
  }

  /** Done when stopping (or every VU ran out of work) and no loop is running. */
  private checkDone(): void {
    if (this.finished || !this.started || this.running > 0) return;
    if (this.stopping || this.policy.exhausted()) this.finish();
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
