/** What runPlan returns: per-second `tick` events, the `done` summary, stop/abort, and mid-run pause/resume/scale. */
import { EventEmitter } from 'node:events';
import type { EncodedHistogram } from '../metrics/histogram.ts';
import type { Summary } from '../metrics/summary.ts';
import type { ThresholdState } from '../metrics/thresholds/evaluate.ts';
import type { LiveTotals } from '../metrics/live-totals.ts';
import type { Sample } from '../metrics/sample.ts';
import type { TimelinePoint } from '../metrics/timeline.ts';
import { ControlError, type ControlEvent, type ControlState, type ScaleTarget } from '../plan/control.ts';

export { ControlError } from '../plan/control.ts';
export type { ControlEvent, ControlState, ScaleTarget } from '../plan/control.ts';

/** One second of a running test, plus running totals and the thresholds' current state. */
export interface Tick extends TimelinePoint {
  elapsedMs: number;
  vusMax: number;
  totals: { reqs: number; failed: number; iterations: number; checksPass: number; checksFail: number; errors: number };
  thresholds: ThresholdState[];
  /** Cumulative per-request numbers, status codes and errors so far (for live tables; not stored per second). */
  live: LiveTotals;
  /**
   * This interval's http_req_duration as an HDR histogram (absent when no request finished): a store of ticks (the
   * app's) merges them into exact percentiles when a run cut off has to be summed up from its stored seconds.
   */
  durationHistogram?: EncodedHistogram;
  /** Mid-run control: paused or not, and the targets set so far; absent until the first change. */
  control?: ControlState;
}

export interface RunInfo {
  plan: string;
  scenarios: {
    name: string;
    executor: string;
    description: string;
    maxVus: number;
    /** When it runs (test time, ms): scale it between these. */
    startMs?: number;
    regularMs?: number;
    /** Mid-run scale: VUs up to `maxVus` (constant-vus, ramping-vus), a rate (the open model), or none (iterations). */
    scale?: { unit: 'vus'; maxVus: number } | { unit: 'rate' } | null;
  }[];
  vusMax: number;
  /** Longest possible duration, graceful stops included. */
  maxDurationMs: number;
  workers: number;
  /** Why this run takes no mid-run change (an execution segment); absent when it does. */
  controlRefusal?: string;
}

export interface RunEvents {
  /** The run has started: its workers are ready, or its setup starts (a plan with setup). */
  start: [RunInfo];
  tick: [Tick];
  /** Right after each tick: the same second as the workers' samples (per series, check, scenario), for streaming outputs. */
  interval: [Tick, readonly Sample[]];
  /** Something the user should know now, once (e.g. a streaming output cannot reach its endpoint); the run goes on. */
  warning: [string];
  /** A mid-run change was accepted (one event per scenario a scale names); it applies at its `atMs`. */
  control: [ControlEvent[]];
  done: [Summary];
}

/** Mid-run control of a running test (control/run-control.ts); each throws a ControlError with the reason it refuses. */
export interface MidRunControl {
  pause(): ControlEvent[];
  resume(): ControlEvent[];
  scale(scenario: string | undefined, target: ScaleTarget): ControlEvent[];
  readonly state: ControlState;
}

export interface StopControl {
  stop(): void;
  abort(): void;
  /** Absent for a run that cannot be changed while it runs. */
  control?: MidRunControl;
}

export class RunHandle extends EventEmitter<RunEvents> {
  /** Resolves with the summary (also after stop/abort); rejects with a PlanError when the plan cannot run. */
  readonly done: Promise<Summary>;
  private attached: StopControl | undefined;
  private pending: 'stop' | 'abort' | undefined;

  constructor(body: (handle: RunHandle) => Promise<Summary>) {
    super();
    this.done = body(this);
    this.done.then(
      (s) => this.emit('done', s),
      () => undefined,
    );
  }

  /** Graceful stop: no new iterations; running ones get their scenario's gracefulStop. */
  stop(): void {
    if (this.attached) this.attached.stop();
    else this.pending ??= 'stop';
  }

  /** Hard stop: interrupt everything now; the summary still reports what was measured. */
  abort(): void {
    if (this.attached) this.attached.abort();
    else this.pending = 'abort';
  }

  /**
   * Pause: from the next whole second no new iteration starts; running ones finish (k6's pause). The scenarios'
   * durations keep running. Returns the change (none when already paused); throws a ControlError when refused.
   */
  pause(): ControlEvent[] {
    return this.changed(this.controller().pause());
  }

  /** Resume: iterations start again at the current targets (the plan's, or the last scale's). */
  resume(): ControlEvent[] {
    return this.changed(this.controller().resume());
  }

  /**
   * Scale `scenario` (undefined: each scenario the target fits) to `{ vus }` (constant-vus, ramping-vus) or `{ rate }`
   * (iterations per second, the arrival-rate executors), from the next whole second to its end.
   */
  scale(scenario: string | undefined, target: ScaleTarget): ControlEvent[] {
    return this.changed(this.controller().scale(scenario, target));
  }

  /** The control state now (paused, targets set); undefined before the run started. */
  get controlState(): ControlState | undefined {
    return this.attached?.control?.state;
  }

  private controller(): MidRunControl {
    if (!this.attached) throw new ControlError('the run has not started yet: try again once it runs');
    if (!this.attached.control) throw new ControlError('this run cannot be changed while it runs');
    return this.attached.control;
  }

  private changed(events: ControlEvent[]): ControlEvent[] {
    if (events.length > 0) this.emit('control', events);
    return events;
  }

  /** @internal the coordinator attaches itself once workers run. */
  attach(control: StopControl): void {
    this.attached = control;
    if (this.pending === 'stop') control.stop();
    if (this.pending === 'abort') control.abort();
  }
}
