/** What runPlan returns: per-second `tick` events, the `done` summary, and stop/abort. */
import { EventEmitter } from 'node:events';
import type { EncodedHistogram } from '../metrics/histogram.ts';
import type { Summary } from '../metrics/summary.ts';
import type { ThresholdState } from '../metrics/thresholds/evaluate.ts';
import type { LiveTotals } from '../metrics/live-totals.ts';
import type { Sample } from '../metrics/sample.ts';
import type { TimelinePoint } from '../metrics/timeline.ts';

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
}

export interface RunInfo {
  plan: string;
  scenarios: { name: string; executor: string; description: string; maxVus: number }[];
  vusMax: number;
  /** Longest possible duration, graceful stops included. */
  maxDurationMs: number;
  workers: number;
}

export interface RunEvents {
  /** The run has started: its workers are ready, or its setup starts (a plan with setup). */
  start: [RunInfo];
  tick: [Tick];
  /** Right after each tick: the same second as the workers' samples (per series, check, scenario), for streaming outputs. */
  interval: [Tick, readonly Sample[]];
  /** Something the user should know now, once (e.g. a streaming output cannot reach its endpoint); the run goes on. */
  warning: [string];
  done: [Summary];
}

export interface StopControl {
  stop(): void;
  abort(): void;
}

export class RunHandle extends EventEmitter<RunEvents> {
  /** Resolves with the summary (also after stop/abort); rejects with a PlanError when the plan cannot run. */
  readonly done: Promise<Summary>;
  private control: StopControl | undefined;
  private pending: 'stop' | 'abort' | undefined;

  constructor(body: (handle: RunHandle) => Promise<Summary>) {
    super();
    this.done = body(this);
    this.done.then((s) => this.emit('done', s), () => undefined);
  }

  /** Graceful stop: no new iterations; running ones get their scenario's gracefulStop. */
  stop(): void {
    if (this.control) this.control.stop();
    else this.pending ??= 'stop';
  }

  /** Hard stop: interrupt everything now; the summary still reports what was measured. */
  abort(): void {
    if (this.control) this.control.abort();
    else this.pending = 'abort';
  }

  /** @internal the coordinator attaches itself once workers run. */
  attach(control: StopControl): void {
    this.control = control;
    if (this.pending === 'stop') control.stop();
    if (this.pending === 'abort') control.abort();
  }
}
