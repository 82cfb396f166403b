/**
 * Ctrl-C (SIGINT) and SIGTERM while the CLI runs plans: the first stops the current run gracefully (running
 * iterations get their gracefulStop) and ends a pause between repeats; the second stops the current run at once.
 * Either way the caller still prints what was measured.
 */
import type { Progress } from '../report/progress.ts';
import type { StopControl } from '../runtime/run-handle.ts';

export class Interrupts {
  /** Ctrl-Cs received so far. */
  count = 0;
  private readonly progress: Progress;
  private readonly afterFirst: string;
  private current: StopControl | undefined;
  private wake: (() => void) | undefined;
  private readonly handler = (): void => this.interrupt();

  /** `afterFirst` is added to the first Ctrl-C's message (e.g. "the remaining repeats are skipped"). */
  constructor(progress: Progress, afterFirst = '') {
    this.progress = progress;
    this.afterFirst = afterFirst;
  }

  get stopped(): boolean { return this.count > 0; }

  install(): void {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
  }

  uninstall(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }

  /** The run Ctrl-C stops from now on (undefined: none). A Ctrl-C that came before it started stops it at once. */
  attach(run: StopControl | undefined): void {
    this.current = run;
    if (run && this.count === 1) run.stop();
    if (run && this.count > 1) run.abort();
  }

  /** Waits `ms`, or less when Ctrl-C is pressed. */
  pause(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => { clearTimeout(timer); this.wake = undefined; resolve(); };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private interrupt(): void {
    this.count++;
    if (this.count === 1) {
      const more = this.afterFirst ? `; ${this.afterFirst}` : '';
      this.progress.note(this.current
        ? `stopping gracefully: running iterations get their gracefulStop (Ctrl-C again to stop at once)${more}`
        : `stopping${more}`);
      this.current?.stop();
      this.wake?.();
    } else {
      this.progress.note('stopping at once');
      this.current?.abort();
    }
  }
}
