import { describe, expect, it } from 'vitest';
import { downsample, type Point } from './downsample.ts';

describe('downsample', () => {
  it('keeps short series as they are', () => {
    const pts: Point[] = [
      [1, 5],
      [2, 6],
    ];
    expect(downsample(pts, 100)).toEqual(pts);
  });

  it("bounds the points and keeps every bucket's extremes, so spikes survive", () => {
    const pts: Point[] = Array.from({ length: 3600 }, (_, i) => [i + 1, i === 1800 ? 5000 : 10 + (i % 7)]);
    const out = downsample(pts, 200);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out.some(([, v]) => v === 5000)).toBe(true);
    expect(Math.min(...out.map(([, v]) => v as number))).toBe(10);
    // In time order.
    expect(out.map(([t]) => t)).toEqual([...out.map(([t]) => t)].sort((a, b) => a - b));
  });

  it('keeps a gap where a bucket has no value', () => {
    const pts: Point[] = Array.from({ length: 1000 }, (_, i) => [i, i >= 400 && i < 600 ? null : 1]);
    expect(downsample(pts, 20).some(([, v]) => v === null)).toBe(true);
  });
});
