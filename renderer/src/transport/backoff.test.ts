import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';

const mid = (): number => 0.5; // no jitter either way

describe('backoffDelay', () => {
  it('doubles from the base delay', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, mid))).toEqual([250, 500, 1000, 2000]);
  });

  it('is capped at maxMs, also for huge attempt numbers', () => {
    expect(backoffDelay(20, mid)).toBe(DEFAULT_BACKOFF.maxMs);
    expect(backoffDelay(10_000, mid)).toBe(DEFAULT_BACKOFF.maxMs);
    expect(backoffDelay(10_000, () => 0.999)).toBe(DEFAULT_BACKOFF.maxMs);
  });

  it('spreads by ±jitter', () => {
    expect(backoffDelay(2, () => 0)).toBe(800);
    expect(backoffDelay(2, () => 0.9999999)).toBe(1200);
  });

  it('treats negative or fractional attempts as whole, non-negative ones', () => {
    expect(backoffDelay(-3, mid)).toBe(250);
    expect(backoffDelay(1.7, mid)).toBe(500);
  });

  it('honours custom options', () => {
    expect(backoffDelay(3, mid, { baseMs: 100, maxMs: 500, factor: 3, jitter: 0 })).toBe(500);
    expect(backoffDelay(1, mid, { baseMs: 100, maxMs: 500, factor: 3, jitter: 0 })).toBe(300);
  });
});
