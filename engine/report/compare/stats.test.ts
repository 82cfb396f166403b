import { describe, expect, it } from 'vitest';
import { delta, spread } from './stats.ts';

describe('spread', () => {
  it('gives the mean and the sample standard deviation (n - 1)', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squares 32, sample variance 32/7.
    const s = spread([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s).toMatchObject({ n: 8, mean: 5, min: 2, max: 9 });
    expect(s?.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });

  it('has no spread for one value and nothing for none; ignores missing and non-finite values', () => {
    expect(spread([42])).toEqual({ n: 1, mean: 42, sd: 0, min: 42, max: 42 });
    expect(spread([])).toBeNull();
    expect(spread([null, undefined, Number.NaN])).toBeNull();
    expect(spread([1, null, 3, Number.POSITIVE_INFINITY])).toMatchObject({ n: 2, mean: 2 });
  });

  it('stays exact for large, close values (no catastrophic cancellation)', () => {
    const s = spread([1e9 + 1, 1e9 + 2, 1e9 + 3]);
    expect(s?.mean).toBe(1e9 + 2);
    expect(s?.sd).toBeCloseTo(1, 9);
  });
});

describe('delta', () => {
  it('is the change from the baseline, absolute and relative', () => {
    expect(delta(200, 250)).toEqual({ abs: 50, rel: 0.25 });
    expect(delta(200, 150)).toEqual({ abs: -50, rel: -0.25 });
  });

  it('has no percentage from a zero baseline unless nothing changed', () => {
    expect(delta(0, 5)).toEqual({ abs: 5, rel: null });
    expect(delta(0, 0)).toEqual({ abs: 0, rel: 0 });
  });
});
