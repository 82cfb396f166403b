import { describe, expect, it } from 'vitest';
import { downsample, MAX_POINTS, type Point } from './downsample.ts';

/** Deterministic noise so a failure reproduces. */
function noise(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 2 ** 32;
  };
}

const series = (n: number, y: (i: number) => number | null): Point[] =>
  Array.from({ length: n }, (_, i) => [i + 1, y(i)] as const);

describe('downsample', () => {
  it('returns short series unchanged (as a copy)', () => {
    const pts = series(10, (i) => i * 2);
    const out = downsample(pts, 10);
    expect(out).toEqual(pts);
    expect(out).not.toBe(pts);
    expect(downsample([], 4)).toEqual([]);
  });

  it('keeps at most maxPoints, in x order, using only input points', () => {
    const r = noise(1);
    const pts = series(86_400, () => r() * 100);
    for (const max of [2, 3, 100, 999, MAX_POINTS]) {
      const out = downsample(pts, max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out.length).toBeGreaterThanOrEqual(Math.floor(max / 2));
      for (let i = 1; i < out.length; i++) expect((out[i] as Point)[0]).toBeGreaterThan((out[i - 1] as Point)[0]);
      const byX = new Map(pts.map((p) => [p[0], p[1]]));
      for (const [x, y] of out) expect(byX.get(x)).toBe(y);
    }
    expect(downsample(pts).length).toBeLessThanOrEqual(2000);
  });

  it("keeps every bucket's min and max: the envelope is exact", () => {
    const r = noise(7);
    const pts = series(10_007, () => Math.round(r() * 1000));
    const max = 200;
    const out = downsample(pts, max);
    const buckets = max / 2;
    for (let b = 0; b < buckets; b++) {
      const from = Math.floor((b * pts.length) / buckets);
      const to = Math.floor(((b + 1) * pts.length) / buckets);
      const ys = pts.slice(from, to).map((p) => p[1] as number);
      const kept = out.filter(([x]) => x > from && x <= to).map((p) => p[1] as number); // x = index + 1
      expect(Math.min(...kept)).toBe(Math.min(...ys));
      expect(Math.max(...kept)).toBe(Math.max(...ys));
    }
  });

  it('keeps a one-second spike and a one-second dip in a long flat series', () => {
    const pts = series(50_000, (i) => (i === 31_337 ? 5000 : i === 12_345 ? 0 : 100));
    const out = downsample(pts, 500);
    expect(out).toContainEqual([31_338, 5000]);
    expect(out).toContainEqual([12_346, 0]);
    expect(Math.max(...out.map((p) => p[1] as number))).toBe(5000);
  });

  it('emits one point for a flat bucket, min before max in time order', () => {
    expect(
      downsample(
        series(8, () => 3),
        4,
      ),
    ).toEqual([
      [1, 3],
      [5, 3],
    ]);
    // Buckets [1..4] and [5..8]: the max comes first in the second one.
    const pts: Point[] = [
      [1, 1],
      [2, 9],
      [3, 5],
      [4, 5],
      [5, 8],
      [6, 7],
      [7, 2],
      [8, 4],
    ];
    expect(downsample(pts, 4)).toEqual([
      [1, 1],
      [2, 9],
      [5, 8],
      [7, 2],
    ]);
  });

  it('keeps gaps longer than a bucket, ignores nulls inside a bucket with values', () => {
    // 40 points in 10 buckets of 4: points 9..20 are null (buckets 3, 4 and 5 entirely); point 2 is a lone null.
    const pts = series(40, (i) => (i === 1 || (i >= 8 && i < 20) ? null : i));
    const out = downsample(pts, 20);
    expect(out.filter((p) => p[1] === null)).toEqual([
      [9, null],
      [13, null],
      [17, null],
    ]);
    expect(out.slice(0, 2)).toEqual([
      [1, 0],
      [4, 3],
    ]);
  });

  it('leaves its input alone and rejects a silly maxPoints', () => {
    const pts = series(100, (i) => i);
    const copy = pts.map((p) => [...p]);
    downsample(pts, 10);
    expect(pts).toEqual(copy);
    expect(() => downsample(pts, 1)).toThrow(RangeError);
    expect(() => downsample(pts, 2.5)).toThrow(RangeError);
  });
});
