/**
 * Under mid-run changes, the workers together still run one exact schedule: every arrival of the changed schedule
 * is started by exactly one worker, whatever each had read ahead when the change came.
 */
import { describe, expect, it } from 'vitest';
import { ArrivalTimes, type Arrivals } from './arrival-times.ts';

/** 0, p, 2p, ... below end: a constant-arrival-rate plan. */
function* every(periodMs: number, endMs: number): Generator<number> {
  for (let t = 0; t < endMs; t += periodMs) yield t;
}

interface Change {
  atMs: number;
  arrivals: Arrivals;
}

/**
 * One worker as ArrivalRateRun drives it: starts its stripe (index mod workers) in order; each change arrives once
 * the worker has started everything before `receivedAtMs` (a change is sent ahead of its time), so its read-ahead
 * differs from worker to worker.
 */
function worker(
  w: number,
  workers: number,
  plan: () => Iterator<number>,
  endMs: number,
  changes: readonly (Change & { receivedAtMs: number })[],
): number[] {
  const times = new ArrivalTimes(plan(), endMs, workers);
  const started: number[] = [];
  let index = 0;
  let next: number | undefined;
  const advance = (): void => {
    times.mark();
    for (;;) {
      const t = times.next();
      if (t === undefined) {
        next = undefined;
        return;
      }
      const mine = index % workers === w;
      index++;
      if (mine) {
        next = t;
        return;
      }
    }
  };
  advance();
  const pending = [...changes];
  for (;;) {
    const c = pending[0];
    if (c && (next === undefined || next >= c.receivedAtMs)) {
      pending.shift();
      const back = times.switchAt(c.atMs, c.arrivals);
      index -= back;
      if (back > 0 || next === undefined) advance();
      continue;
    }
    if (next === undefined) return started;
    started.push(next);
    advance();
  }
}

function together(
  workers: number,
  plan: () => Iterator<number>,
  endMs: number,
  changes: readonly (Change & { receivedAtMs: number })[],
): number[] {
  return Array.from({ length: workers }, (_, w) => worker(w, workers, plan, endMs, changes))
    .flat()
    .sort((a, b) => a - b);
}

describe('ArrivalTimes', () => {
  it('without changes: the plan exactly', () => {
    expect(together(3, () => every(100, 1000), 1000, [])).toEqual([...every(100, 1000)]);
  });

  it('a rate from the change on, each arrival started once, whatever each worker had read ahead', () => {
    // 10/s until 2 s, then 50/s: each worker hears of it at another point of its stripe (up to a second ahead).
    for (const workers of [1, 2, 3, 7]) {
      for (const received of [1000, 1500, 1900, 1999]) {
        const got = together(workers, () => every(100, 4000), 4000, [
          { atMs: 2000, arrivals: { perSecond: 50 }, receivedAtMs: received },
        ]);
        const expected = [...every(100, 2000), ...[...every(20, 2000)].map((t) => 2000 + t)];
        expect(got).toEqual(expected);
      }
    }
  });

  it('a pause skips what came due, and a resume takes the plan up again from its time (no burst)', () => {
    const got = together(3, () => every(100, 3000), 3000, [
      { atMs: 1000, arrivals: 'none', receivedAtMs: 900 },
      { atMs: 2000, arrivals: 'plan', receivedAtMs: 1950 },
    ]);
    expect(got).toEqual([...every(100, 3000)].filter((t) => t < 1000 || t >= 2000));
  });

  it('a worker that read past the change gives back the plan times it read, for a resume right after', () => {
    // 1 arrival per 500 ms, 4 workers: a worker's next own arrival is up to 2 s ahead when the pause comes.
    const got = together(4, () => every(500, 6000), 6000, [
      { atMs: 1000, arrivals: 'none', receivedAtMs: 600 },
      { atMs: 2000, arrivals: 'plan', receivedAtMs: 1900 },
    ]);
    expect(got).toEqual([0, 500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 5500]);
  });

  it("two changes: the later one replaces the rate from its own time; the end stays the plan's", () => {
    const got = together(2, () => every(250, 3000), 3000, [
      { atMs: 1000, arrivals: { perSecond: 10 }, receivedAtMs: 800 },
      { atMs: 2000, arrivals: { perSecond: 2 }, receivedAtMs: 1900 },
    ]);
    expect(got).toEqual([0, 250, 500, 750, ...[...every(100, 1000)].map((t) => 1000 + t), 2000, 2500]);
  });

  it('a change for a time a worker has not reached yet keeps the arrivals before it', () => {
    const times = new ArrivalTimes(every(100, 1000), 1000, 1);
    times.mark();
    expect(times.next()).toBe(0);
    expect(times.switchAt(500, 'none')).toBe(0);
    const rest: number[] = [];
    for (let t = times.next(); t !== undefined; t = times.next()) rest.push(t);
    expect(rest).toEqual([100, 200, 300, 400]);
  });
});
