/**
 * The open model's schedule is exact: every planned arrival is started or counted as dropped, also when the
 * regular end comes while arrivals are still waiting to be launched (issue 19); a stop by the user is not the end.
 */
import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { Feeders } from '../data/feeders.ts';
import type { WorkerContext } from '../vu/interpreter.ts';
import { VirtualUser } from '../vu/virtual-user.ts';
import { ArrivalRateRun } from './arrival-rate-run.ts';

/** Busy-waits: the event loop is blocked, as by a generator that falls behind. */
const block = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* blocked */
  }
};

/**
 * `count` arrivals within the first `spreadMs` of a `endMs` schedule, empty iterations; creating the first VU
 * blocks the event loop for `blockMs` (none is pre-allocated), so the end comes while most arrivals wait.
 */
function blockedRun(o: { count: number; spreadMs: number; endMs: number; blockMs: number; maxVus: number }) {
  const recorder = new MetricsRecorder();
  const times = Array.from({ length: o.count }, (_, i) => (i * o.spreadMs) / o.count);
  const run = new ArrivalRateRun({
    name: 's',
    steps: [],
    times: times[Symbol.iterator](),
    worker: 0,
    workers: 1,
    newVu: (n) => {
      if (n >= o.maxVus) return undefined;
      if (n === 0) block(o.blockMs);
      return new VirtualUser(n + 1, 's', {}, 'iteration');
    },
    preAllocated: 0,
    startMs: 0,
    regularEndMs: o.endMs,
    gracefulStopMs: 1000,
    feeders: new Feeders([], new Int32Array(0)),
    recorder,
    wc: { recorder } as unknown as WorkerContext,
  });
  return { run, recorder };
}

describe('ArrivalRateRun at the end of its schedule', () => {
  it('launches every arrival left when the regular end comes first, in bursts (none lost, none uncounted)', async () => {
    // 2,000 arrivals in the first 4 ms of a 5 ms schedule; the loop is blocked for 30 ms after the first: when it
    // wakes, the end timer is due before the next arrival's, and the backlog is larger than one burst (500).
    const { run, recorder } = blockedRun({ count: 2000, spreadMs: 4, endMs: 5, blockMs: 30, maxVus: 100_000 });
    run.schedule(0);
    await run.done;
    const it = recorder.flush(0, 0, true, {}).iterations[0];
    expect(it).toMatchObject({ scenario: 's', scheduled: 2000, started: 2000, completed: 2000 });
  });

  it('counts the arrivals no VU is free for as dropped, not as never due', async () => {
    const { run, recorder } = blockedRun({ count: 1000, spreadMs: 4, endMs: 5, blockMs: 30, maxVus: 10 });
    run.schedule(0);
    await run.done;
    const sample = recorder.flush(0, 0, true, {});
    const it = sample.iterations[0];
    expect(it?.scheduled).toBe(1000);
    expect((it?.started ?? 0) + (sample.dropped.s ?? 0)).toBe(1000);
    expect(sample.dropped.s).toBeGreaterThan(0);
  });

  it('a stop by the user ends the schedule where it is: later arrivals are not due, so not counted', async () => {
    const recorder = new MetricsRecorder();
    const run = new ArrivalRateRun({
      name: 's',
      steps: [],
      times: [0, 1, 2, 60_000, 60_001][Symbol.iterator](),
      worker: 0,
      workers: 1,
      newVu: (n) => (n < 5 ? new VirtualUser(n + 1, 's', {}, 'iteration') : undefined),
      preAllocated: 5,
      startMs: 0,
      regularEndMs: 120_000,
      gracefulStopMs: 1000,
      feeders: new Feeders([], new Int32Array(0)),
      recorder,
      wc: { recorder } as unknown as WorkerContext,
    });
    run.schedule(0);
    await new Promise((r) => setTimeout(r, 50));
    run.endRegular();
    await run.done;
    expect(recorder.flush(0, 0, true, {}).iterations[0]).toMatchObject({ scheduled: 3, started: 3 });
  });
});
