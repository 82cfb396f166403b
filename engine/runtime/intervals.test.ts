import { describe, expect, it } from 'vitest';
import type { Sample } from '../metrics/sample.ts';
import { emptySample } from '../metrics/testing.ts';
import { IntervalCollector } from './intervals.ts';

function sample(worker: number, interval: number, final = false): Sample {
  return { ...emptySample(worker), interval, final, vus: { s: worker + 1 } };
}

/** Released intervals as [interval, workers of its samples (sorted), last]. */
function drain(c: IntervalCollector): [number, number[], boolean][] {
  return [...c.release()].map(({ interval, samples, last }) => [interval, samples.map((s) => s.worker).sort(), last]);
}

describe('IntervalCollector', () => {
  it('releases an interval only when every worker reported it', () => {
    const c = new IntervalCollector(2);
    c.add(sample(0, 0));
    expect(drain(c)).toEqual([]);
    c.add(sample(1, 0));
    expect(drain(c)).toEqual([[0, [0, 1], false]]);
    expect(drain(c)).toEqual([]); // never repeated
  });

  it('releases in order, waiting for the slowest worker', () => {
    const c = new IntervalCollector(2);
    c.add(sample(0, 0));
    c.add(sample(0, 1));
    c.add(sample(0, 2));
    c.add(sample(1, 0));
    expect(drain(c)).toEqual([[0, [0, 1], false]]);
    c.add(sample(1, 1));
    c.add(sample(1, 2));
    expect(drain(c)).toEqual([
      [1, [0, 1], false],
      [2, [0, 1], false],
    ]);
  });

  it('passes the samples themselves through', () => {
    const c = new IntervalCollector(1);
    const s = sample(0, 0);
    c.add(s);
    const [out] = [...c.release()];
    expect(out?.samples).toEqual([s]);
    expect(out?.samples[0]).toBe(s);
  });

  it("marks the run's final interval as last once every worker sent its final sample", () => {
    const c = new IntervalCollector(2);
    c.add(sample(0, 0));
    c.add(sample(1, 0));
    c.add(sample(0, 1, true));
    expect(drain(c)).toEqual([[0, [0, 1], false]]);
    expect(c.allFinished).toBe(false);
    c.add(sample(1, 1, true));
    expect(c.allFinished).toBe(true);
    expect(drain(c)).toEqual([[1, [0, 1], true]]);
    expect(drain(c)).toEqual([]);
  });

  it('does not wait for a worker that finished early', () => {
    const c = new IntervalCollector(2);
    c.add(sample(0, 0));
    c.add(sample(1, 0));
    c.add(sample(0, 1, true));
    c.add(sample(1, 1));
    c.add(sample(1, 2));
    c.add(sample(1, 3));
    expect(drain(c)).toEqual([
      [0, [0, 1], false],
      [1, [0, 1], false],
      [2, [1], false],
      [3, [1], false],
    ]);
    c.add(sample(1, 4, true));
    expect(drain(c)).toEqual([[4, [1], true]]);
  });

  it('releases an interval nobody sent samples for, when a later one arrived (no skipped ticks)', () => {
    const c = new IntervalCollector(1);
    c.add(sample(0, 0));
    c.add(sample(0, 2));
    expect(drain(c)).toEqual([
      [0, [0], false],
      [1, [], false],
      [2, [0], false],
    ]);
  });

  it('markFinished stops waiting for a crashed worker', () => {
    const c = new IntervalCollector(2);
    c.add(sample(0, 0));
    c.add(sample(1, 0));
    c.add(sample(0, 1));
    c.add(sample(0, 2, true));
    expect(drain(c)).toEqual([[0, [0, 1], false]]);
    c.markFinished(1);
    expect(c.allFinished).toBe(true);
    expect(drain(c)).toEqual([
      [1, [0], false],
      [2, [0], true],
    ]);
  });

  it('a worker that crashed before sending anything does not hold the others back', () => {
    const c = new IntervalCollector(3);
    c.markFinished(2);
    c.add(sample(0, 0));
    expect(drain(c)).toEqual([]);
    c.add(sample(1, 0, true));
    c.add(sample(0, 0 + 1, true));
    expect(drain(c)).toEqual([
      [0, [0, 1], false],
      [1, [0], true],
    ]);
  });

  it('releases nothing before any sample', () => {
    const c = new IntervalCollector(2);
    expect(drain(c)).toEqual([]);
    c.markFinished(0);
    c.markFinished(1);
    expect(c.allFinished).toBe(true);
    expect(drain(c)).toEqual([]);
  });
});
