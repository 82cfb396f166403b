/**
 * Timers fed by plan durations (`duration`, `startTime`, `think`, `gracefulStop`, arrival times, `--pause`...).
 * Node's setTimeout holds at most 2^31-1 ms (about 596.5 h) and fires a longer delay after 1 ms, so a soak test
 * of a month would end at once with 0 requests; a negative delay (a deadline already passed because the event loop
 * was blocked) prints a TimeoutNegativeWarning. startTimer chains Node timers for long delays and clamps negative
 * ones to 0. A delay that fits (every think time and arrival in practice) gets a plain Node timer: no allocation
 * beyond setTimeout's own, as before.
 */

/** The longest delay one Node timer holds. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A delay longer than one Node timer: Node timers of at most MAX_TIMER_MS in a row. Each is on Node's monotonic
 * clock and at most a few ms late, so a 30-day wait ends a few ms late at worst.
 */
class LongTimer {
  private readonly fn: () => void;
  private left: number;
  private current: NodeJS.Timeout;

  constructor(fn: () => void, ms: number) {
    this.fn = fn;
    this.left = ms;
    this.current = this.arm();
  }

  private arm(): NodeJS.Timeout {
    const step = Math.min(this.left, MAX_TIMER_MS);
    this.left -= step;
    return this.left > 0
      ? setTimeout(() => {
          this.current = this.arm();
        }, step)
      : setTimeout(this.fn, step);
  }

  clear(): void {
    clearTimeout(this.current);
  }
}

/** A running timer from startTimer. */
export type Timer = NodeJS.Timeout | LongTimer;

/** Calls `fn` after `ms` milliseconds, however long (negative or NaN: as soon as possible). */
export function startTimer(fn: () => void, ms: number): Timer {
  if (ms > MAX_TIMER_MS) return new LongTimer(fn, ms);
  return setTimeout(fn, ms > 0 ? ms : 0);
}

/** Cancels a timer from startTimer (undefined: nothing to do). */
export function stopTimer(t: Timer | undefined): void {
  if (t instanceof LongTimer) t.clear();
  else clearTimeout(t);
}
