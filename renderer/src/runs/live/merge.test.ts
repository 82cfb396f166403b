import { describe, expect, it } from 'vitest';
import { appendPoints, mergePoints } from './merge.ts';

const pts = (...ts: number[]) => ts.map((t) => ({ t }));

describe('mergePoints: stored samples, then live ticks', () => {
  it('drops live ticks already stored and keeps the rest in order (no gap, no duplicate)', () => {
    expect(mergePoints(pts(1, 2, 3), pts(2, 3, 4, 5))).toEqual(pts(1, 2, 3, 4, 5));
  });

  it('works with nothing stored, nothing live, or live entirely older', () => {
    expect(mergePoints([], pts(1, 2))).toEqual(pts(1, 2));
    expect(mergePoints(pts(1, 2), [])).toEqual(pts(1, 2));
    expect(mergePoints(pts(1, 2, 3), pts(2, 3))).toEqual(pts(1, 2, 3));
  });

  it('keeps a short last interval after whole seconds', () => {
    expect(mergePoints(pts(1, 2), pts(2, 3, 3.4))).toEqual(pts(1, 2, 3, 3.4));
  });
});

describe('appendPoints', () => {
  it('appends only later points and returns the same list when nothing is new', () => {
    const list = pts(1, 2);
    expect(appendPoints(list, pts(2, 3, 3, 4))).toEqual(pts(1, 2, 3, 4));
    expect(appendPoints(list, pts(1, 2))).toBe(list);
  });
});
