import { describe, expect, it } from 'vitest';
import { entryRows, MAX_DEPTH } from './chains.ts';
import { mergeEntries } from './entry-list.ts';
import { entry } from './testing.ts';

const shape = (rows: ReturnType<typeof entryRows>) =>
  rows.map((r) => [r.entry.id, r.depth, r.hops, r.redirectedFromHidden]);

describe('entryRows', () => {
  it('moves each redirect hop under the entry it came from, one level deeper, even with requests in between', () => {
    const list = [
      entry(1),
      entry(2, { method: 'POST', status: 302 }),
      entry(3, { type: 'script' }),
      entry(4, { redirectFrom: 2, status: 302 }),
      entry(5),
      entry(6, { redirectFrom: 4 }),
    ];
    expect(shape(entryRows(list))).toEqual([
      [1, 0, 0, null],
      [2, 0, 2, null],
      [4, 1, 0, null],
      [6, 2, 0, null],
      [3, 0, 0, null],
      [5, 0, 0, null],
    ]);
  });

  it('keeps a hop in place when the filter hides its origin, saying where it came from; hop counts come from all entries', () => {
    const all = [entry(1, { status: 302 }), entry(2, { redirectFrom: 1, status: 302 }), entry(3, { redirectFrom: 2 })];
    expect(shape(entryRows([all[0]!, all[2]!], all))).toEqual([
      [1, 0, 2, null],
      [3, 0, 0, 2],
    ]);
    expect(shape(entryRows(all.slice(1), all))).toEqual([
      [2, 0, 0, 1],
      [3, 1, 0, null],
    ]);
  });

  it('survives redirect loops and caps the indentation', () => {
    const loop = [entry(1, { redirectFrom: 2 }), entry(2, { redirectFrom: 1 })];
    expect(entryRows(loop).map((r) => r.entry.id)).toEqual([1, 2]);
    const long = Array.from({ length: 12 }, (_, i) => entry(i + 1, { redirectFrom: i === 0 ? null : i }));
    const rows = entryRows(long);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, MAX_DEPTH, MAX_DEPTH, MAX_DEPTH]);
    expect(rows[0]?.hops).toBe(11);
  });
});

describe('mergeEntries', () => {
  it('appends newer entries, sorts late ones in, and replaces an entry seen twice', () => {
    const start = [entry(1), entry(3)];
    expect(mergeEntries(start, [entry(4), entry(5)]).map((e) => e.id)).toEqual([1, 3, 4, 5]);
    expect(mergeEntries(start, [entry(2), entry(6)]).map((e) => e.id)).toEqual([1, 2, 3, 6]);
    const merged = mergeEntries(start, [entry(3, { status: 500 })]);
    expect(merged.map((e) => [e.id, e.status])).toEqual([
      [1, 200],
      [3, 500],
    ]);
    expect(mergeEntries([], [entry(2), entry(1)]).map((e) => e.id)).toEqual([1, 2]);
  });
});
