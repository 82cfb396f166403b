import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS, startTimer, stopTimer } from './timers.ts';

const HOUR = 3_600_000;

// Vitest's fake timers behave as Node's: a delay over 2^31-1 ms fires after 1 ms.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startTimer', () => {
  it('waits 600 h (past the longest Node timer) instead of firing after 1 ms', () => {
    const fn = vi.fn();
    startTimer(fn, 600 * HOUR);
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600 * HOUR - 1000 - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('fires a 2000 h timer once, at its time, across several chained Node timers', () => {
    const fn = vi.fn();
    startTimer(fn, 2000 * HOUR);
    vi.advanceTimersByTime(MAX_TIMER_MS * 3);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000 * HOUR - MAX_TIMER_MS * 3);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000 * HOUR);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('can be stopped before, and after, its first chained timer', () => {
    const early = vi.fn();
    const late = vi.fn();
    const a = startTimer(early, 700 * HOUR);
    const b = startTimer(late, 700 * HOUR);
    stopTimer(a);
    vi.advanceTimersByTime(MAX_TIMER_MS + 1000);
    stopTimer(b);
    vi.advanceTimersByTime(700 * HOUR);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it('runs a short timer as a plain one, and a negative or NaN delay as soon as possible', () => {
    const fn = vi.fn();
    startTimer(fn, 50);
    startTimer(fn, -1500);
    startTimer(fn, Number.NaN);
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenCalledTimes(3);
    stopTimer(undefined);
  });
});

describe('startTimer with real timers', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('passes no negative delay to Node (no TimeoutNegativeWarning)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(w.name);
    };
    process.on('warning', onWarning);
    try {
      await new Promise<void>((resolve) => {
        startTimer(resolve, -250);
      });
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('TimeoutNegativeWarning');
  });
});
