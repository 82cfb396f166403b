/** Unique data rows in execution segments: each segment takes its stripe, so no row goes to two segments. */
import { describe, expect, it } from 'vitest';
import { segmentOfN } from '../../base/segment.ts';
import { SegmentTuple } from '../../base/segment-tuple.ts';
import type { MutableTemplateContext } from '../vu/virtual-user.ts';
import { Feeders, type FeederData } from './feeders.ts';

const ROWS = Array.from({ length: 10 }, (_, i) => ({ id: i }));
const feeder = (onExhausted: FeederData['onExhausted']): FeederData => ({
  name: 'users',
  mode: 'unique',
  onExhausted,
  rows: ROWS,
  counter: 0,
});
const segment = (i: number, n: number): SegmentTuple => {
  const s = segmentOfN(i, n);
  return SegmentTuple.of(s.segment, s.sequence);
};

/** The rows one segment's process hands out until its stripe is used up (or `max` picks). */
function picks(t: SegmentTuple, onExhausted: FeederData['onExhausted'], max = 100): number[] {
  const f = new Feeders([feeder(onExhausted)], new Int32Array(new SharedArrayBuffer(4)), (n) => t.globalIndex(n));
  const ctx: MutableTemplateContext = { vu: 1, iter: 0, scenario: 's', env: {}, vars: new Map(), data: {} };
  const got: number[] = [];
  for (let i = 0; i < max && f.pick(ctx, i); i++) got.push((ctx.data.users as { id: number }).id);
  return got;
}

describe('unique rows across segments', () => {
  it('with stop: every row once over all segments, none twice', () => {
    for (const n of [1, 3, 4]) {
      const parts = Array.from({ length: n }, (_, i) => picks(segment(i + 1, n), 'stop'));
      expect(
        parts.flat().sort((a, b) => a - b),
        `${n} segments`,
      ).toEqual(ROWS.map((r) => r.id));
    }
    expect(picks(segment(1, 4), 'stop')).toEqual([0, 4, 8]);
  });

  it('with recycle: the segments still take different rows on each pass', () => {
    const a = picks(segment(1, 2), 'recycle', 10);
    const b = picks(segment(2, 2), 'recycle', 10);
    expect(a.slice(0, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(b.slice(0, 5)).toEqual([1, 3, 5, 7, 9]);
    expect(a.slice(5)).toEqual(a.slice(0, 5));
  });
});
