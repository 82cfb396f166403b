/**
 * The open model: iterations start at scheduled times (k6's arrival-rate executors), on whichever VU is free.
 * A VU is created on demand up to maxVUs (creating one costs microseconds here, unlike k6, so the iteration still
 * starts on time); with none left the iteration is dropped and counted, never delayed. Each start's lag behind its
 * schedule is measured, so a generator that falls behind shows.
 * At the schedule's own end every planned arrival not yet launched comes due at once, so none is lost: Node
 * timers count whole milliseconds and may fire up to one early, so the end timer can beat the last arrival's
 * timer, and a burst cut short by the end would leave its backlog behind (issue 19). A stop by the user ends
 * the schedule where it is: what was never due is not counted.
 * Iterations are striped over workers by global index (i mod workers), so together the workers run the exact schedule.
 * Mid-run control changes the schedule from a whole second on (arrival-times.ts): a rate, or none while paused; what
 * came due while paused is skipped, not counted as scheduled or dropped.
 */
import { performance } from 'node:perf_hooks';
import type { MetricsRecorder } from '../../metrics/recorder.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { Feeders } from '../data/feeders.ts';
import { iterationFailed, runIteration, type IterationOutcome, type WorkerContext } from '../vu/interpreter.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';
import { startTimer, stopTimer, type Timer } from '../timers.ts';
import { ArrivalTimes, type Arrivals } from './arrival-times.ts';
import type { ScenarioRunner } from './runner.ts';

export interface ArrivalSetup {
  name: string;
  steps: CompiledStep[];
  /** Start times (ms from the scenario start) of ALL iterations, in order; this worker takes i mod workers === worker. */
  times: Iterator<number>;
  worker: number;
  workers: number;
  /** Creates this worker's n-th VU (0-based), or undefined when the worker's share of maxVUs is used up. */
  newVu(n: number): VirtualUser | undefined;
  preAllocated: number;
  startMs: number;
  regularEndMs: number;
  gracefulStopMs: number;
  feeders: Feeders;
  recorder: MetricsRecorder;
  wc: WorkerContext;
}

interface Slot {
  vu: VirtualUser;
  iter: number;
}

const us = (ms: number): number => Math.round(ms * 1000);
const BURST = 500; // iterations launched per turn before yielding to the event loop

export class ArrivalRateRun implements ScenarioRunner {
  readonly name: string;
  readonly schedulesAhead = true;
  readonly done: Promise<void>;
  private readonly s: ArrivalSetup;
  private readonly times: ArrivalTimes;
  private resolveDone!: () => void;
  private readonly free: Slot[] = [];
  private readonly busy = new Set<Slot>();
  private created = 0;
  private start = 0;
  private index = 0;
  private nextAt: number | undefined;
  private timer: Timer | undefined;
  private stopTimers: Timer[] = [];
  private stopping = false;
  /** The schedule's end came: every arrival left is due now. */
  private ending = false;
  private started = false;
  private finished = false;
  private peak = 0;
  /** Mid-run control: paused, and the rate (iterations/s) a scale set (undefined: the plan's schedule). */
  private paused = false;
  private rate: number | undefined;

  constructor(setup: ArrivalSetup) {
    this.s = setup;
    this.name = setup.name;
    // A worker reads at most `workers` times ahead to find its own next one: what a change may have to take back.
    this.times = new ArrivalTimes(setup.times, setup.regularEndMs, setup.workers);
    this.done = new Promise((r) => {
      this.resolveDone = r;
    });
    for (let n = 0; n < setup.preAllocated; n++) if (!this.allocate()) break;
  }

  schedule(sinceStartMs: number): void {
    // startTimer: a startTime, duration or gap between arrivals may exceed one Node timer (596.5 h).
    this.stopTimers.push(
      startTimer(() => {
        this.started = true;
        this.start = performance.now();
        this.advance();
        this.stopTimers.push(startTimer(() => this.endSchedule(), this.s.regularEndMs));
        this.pump();
      }, this.s.startMs - sinceStartMs),
    );
  }

  endRegular(): void {
    if (this.stopping) return;
    this.stopping = true;
    stopTimer(this.timer);
    if (!this.started) {
      this.finish();
      return;
    }
    this.stopTimers.push(startTimer(() => this.interrupt(), this.s.gracefulStopMs));
    this.checkDone();
  }

  /** The regular end by the schedule's own clock: launch what is left of it (in bursts), then end. */
  private endSchedule(): void {
    if (this.stopping) return;
    this.ending = true;
    stopTimer(this.timer);
    this.pump();
  }

  interrupt(): void {
    this.stopping = true;
    stopTimer(this.timer);
    for (const slot of this.busy) slot.vu.interrupt();
    if (!this.started) this.finish();
    this.checkDone();
  }

  takePeakVus(): number {
    const p = Math.max(this.peak, this.busy.size);
    this.peak = this.busy.size;
    return p;
  }

  pause(atMs: number): void {
    this.paused = true;
    this.reschedule(atMs);
  }
  resume(atMs: number): void {
    this.paused = false;
    this.reschedule(atMs);
  }
  /** `target`: iterations per second from `atMs` to the end; the plan's remaining stages are not followed. */
  scale(atMs: number, target: number): void {
    this.rate = target;
    this.reschedule(atMs);
  }

  /** The schedule from `atMs` (test time) on: taken back what was read past it, the next arrival found again. */
  private reschedule(atMs: number): void {
    if (this.stopping || this.ending) return;
    const arrivals: Arrivals = this.paused
      ? 'none'
      : this.rate === undefined
        ? 'plan'
        : this.rate > 0
          ? { perSecond: this.rate }
          : 'none';
    const back = this.times.switchAt(Math.max(0, atMs - this.s.startMs), arrivals);
    this.index -= back;
    if (!this.started || (back === 0 && this.nextAt !== undefined)) return;
    stopTimer(this.timer);
    this.advance();
    this.timer =
      this.nextAt === undefined ? undefined : startTimer(this.pump, this.start + this.nextAt - performance.now());
  }

  /** Launches every iteration that is due, then sleeps until the next one. */
  private readonly pump = (): void => {
    this.timer = undefined;
    if (this.stopping) return;
    const now = performance.now();
    const dueBy = this.ending ? Infinity : now;
    for (let n = 0; this.nextAt !== undefined && this.start + this.nextAt <= dueBy; n++) {
      if (n === BURST) {
        this.timer = setTimeout(this.pump, 0);
        return;
      }
      // Not negative: at the end, an arrival a timer fired early for starts a fraction of a millisecond early.
      this.launch(Math.max(0, now - (this.start + this.nextAt)));
      this.advance();
    }
    if (this.nextAt !== undefined) this.timer = startTimer(this.pump, this.start + this.nextAt - now);
    // No more iterations to schedule: the regular end (timer) or the last VU ends the scenario.
    else if (this.ending) this.endRegular();
  };

  /** The next start time of this worker's share. */
  private advance(): void {
    const { worker, workers } = this.s;
    this.times.mark();
    for (;;) {
      const t = this.times.next();
      if (t === undefined) {
        this.nextAt = undefined;
        return;
      }
      const mine = this.index % workers === worker;
      this.index++;
      if (mine) {
        this.nextAt = t;
        return;
      }
    }
  }

  private launch(lagMs: number): void {
    this.s.recorder.iterationScheduled(this.name);
    const slot = this.free.pop() ?? this.allocate();
    if (!slot) {
      this.s.recorder.droppedIteration(this.name);
      return;
    }
    this.s.recorder.iterationStarted(this.name, us(lagMs));
    void this.run(slot);
  }

  private allocate(): Slot | undefined {
    const vu = this.s.newVu(this.created);
    if (!vu) return undefined;
    this.created++;
    const slot = { vu, iter: 0 };
    // Pre-allocated VUs wait in the pool; one created for a due iteration is used at once by the caller.
    if (this.created <= this.s.preAllocated && !this.started) this.free.push(slot);
    return slot;
  }

  private async run(slot: Slot): Promise<void> {
    const { recorder, feeders, steps, wc, name } = this.s;
    this.busy.add(slot);
    if (this.busy.size > this.peak) this.peak = this.busy.size;
    slot.vu.revive();
    try {
      if (!feeders.pick(slot.vu.ctx, slot.iter)) {
        recorder.droppedIteration(name);
        return;
      }
      slot.vu.beginIteration(slot.iter);
      const t = performance.now();
      let outcome: IterationOutcome;
      try {
        outcome = await runIteration(slot.vu, steps, wc);
      } catch (e) {
        outcome = iterationFailed(slot.vu, wc, e);
      }
      recorder.iteration(name, us(performance.now() - t), outcome === 'interrupted');
      slot.iter++;
    } finally {
      this.busy.delete(slot);
      if (!this.stopping) this.free.push(slot);
      this.checkDone();
    }
  }

  private checkDone(): void {
    if (this.finished || !this.started || !this.stopping || this.busy.size > 0) return;
    this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopping = true;
    stopTimer(this.timer);
    for (const t of this.stopTimers) stopTimer(t);
    this.resolveDone();
  }
}
