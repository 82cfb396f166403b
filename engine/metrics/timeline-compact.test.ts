import { describe, expect, it } from 'vitest';
import { CompactSeries } from './timeline-compact.ts';

/** A point: the seconds it covers and a count; merging adds counts and joins the ranges. */
interface P {
  from: number;
  to: number;
  n: number;
}
const merge = (a: P, b: P): P => ({ from: a.from, to: b.to, n: a.n + b.n });

describe('CompactSeries', () => {
  it('keeps at most `max` points, each covering the same whole number of seconds, and every count', () => {
    const s = new CompactSeries(merge, 8);
    for (let t = 0; t < 1000; t++) {
      s.push({ from: t, to: t + 1, n: t });
      expect(s.points.length).toBeLessThanOrEqual(8);
    }
    expect(s.resolution).toBe(128);
    expect(s.points.reduce((n, p) => n + p.n, 0)).toBe((999 * 1000) / 2);
    // Contiguous, aligned on the resolution, the last one still filling.
    s.points.forEach((p, i) => expect([p.from, p.to]).toEqual([i * 128, Math.min(1000, (i + 1) * 128)]));
  });

  it('says where each interval went, so a copy elsewhere (the stored samples) can follow', () => {
    const s = new CompactSeries(merge, 4);
    const copy: P[] = [];
    for (let t = 0; t < 37; t++) {
      const p = { from: t, to: t + 1, n: 1 };
      const placed = s.push(p);
      if (placed.compacted) copy.splice(0, copy.length, ...s.points);
      else copy[placed.index] = s.points[placed.index] as P;
      expect(copy).toEqual(s.points);
    }
  });

  it('is exact per second until it first fills', () => {
    const s = new CompactSeries(merge, 2048);
    for (let t = 0; t < 2048; t++) expect(s.push({ from: t, to: t + 1, n: 1 })).toEqual({ index: t, compacted: false });
    expect(s.push({ from: 2048, to: 2049, n: 1 })).toEqual({ index: 1024, compacted: true });
    expect(s.resolution).toBe(2);
  });

  it('refuses a size it cannot halve', () => {
    expect(() => new CompactSeries(merge, 3)).toThrow(RangeError);
  });
});
