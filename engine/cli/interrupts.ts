/**
 * Stop requests while the CLI runs plans (Ctrl-C, SIGTERM, SIGHUP, the parent process gone: stop-signals.ts):
 * the first stops the current run gracefully (running iterations get their gracefulStop) and ends a pause
 * between repeats; the next stops the current run at once. Either way the caller still prints what was measured.
 * With no run to stop (before the first starts, while reports are written), a second request exits at once.
 */
import type { Progress } from '../report/progress.ts';
import type { StopControl } from '../runtime/run-handle.ts';
import { startTimer, stopTimer } from '../runtime/timers.ts';
import { describeCause, stopSignals, type StopRequest, type StopSignals } from './stop-signals.ts';
import { EXIT } from './usage.ts';

export class Interrupts {
  /** Stop requests received so far. */
  count = 0;
  /** Added to the first request's message (e.g. "the remaining repeats are skipped"). */
  afterFirst = '';
  private readonly progress: Progress;
  private readonly signals: StopSignals;
  private current: StopControl | undefined;
  private wake: (() => void) | undefined;
  private unlisten: (() => void) | undefined;

  constructor(progress: Progress, signals: StopSignals = stopSignals) {
    this.progress = progress;
    this.signals = signals;
  }

  get stopped(): boolean {
    return this.count > 0;
  }

  /** Handles stop requests from now on, also one that came before (while the plan was loading). */
  install(): void {
    this.unlisten = this.signals.listen((r) => this.interrupt(r));
  }

  uninstall(): void {
    this.unlisten?.();
    this.unlisten = undefined;
  }

  /** The run a stop request stops from now on (undefined: none). One that came before it started stops it at once. */
  attach(run: StopControl | undefined): void {
    this.current = run;
    if (run && this.count === 1) run.stop();
    if (run && this.count > 1) run.abort();
  }

  /** Waits `ms` (however long), or less when a stop is requested. */
  pause(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        stopTimer(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = startTimer(done, ms);
      this.wake = done;
    });
  }

  private interrupt(r: StopRequest): void {
    this.count++;
    const why = describeCause(r.cause);
    if (this.count === 1) {
      const more = this.afterFirst ? `; ${this.afterFirst}` : '';
      this.progress.note(
        this.current
          ? `${why}: stopping gracefully: running iterations get their gracefulStop (Ctrl-C again to stop at once)${more}`
          : `${why}: stopping${more}`,
      );
      this.current?.stop();
      this.wake?.();
    } else if (this.current) {
      this.progress.note(`${why}: stopping at once`);
      this.current.abort();
    } else {
      this.progress.note(`${why}: exiting at once`);
      process.exit(EXIT.interrupted);
    }
  }
}
