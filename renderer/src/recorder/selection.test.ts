import { describe, expect, it } from 'vitest';
import { effectiveSelection, NO_SELECTION, selectRange, selectShown, shownState, toggleEntry } from './selection.ts';

const ids = (s: { ids: ReadonlySet<number> }) => [...s.ids].sort((a, b) => a - b);

describe('entry selection', () => {
  it('toggles one entry and remembers it as the anchor', () => {
    const s = toggleEntry(NO_SELECTION, 3, true);
    expect(ids(s)).toEqual([3]);
    expect(s.anchor).toBe(3);
    expect(ids(toggleEntry(s, 3, false))).toEqual([]);
  });

  it('selects a range in the order shown (chains reordered), from the anchor in either direction', () => {
    const order = [1, 2, 4, 6, 3, 5];
    const s = toggleEntry(NO_SELECTION, 2, true);
    expect(ids(selectRange(s, order, 3, true))).toEqual([2, 3, 4, 6]);
    const back = toggleEntry(NO_SELECTION, 3, true);
    expect(ids(selectRange(back, order, 4, true))).toEqual([3, 4, 6]);
    const cleared = toggleEntry(selectShown(NO_SELECTION, order, true), 2, false);
    expect(ids(selectRange(cleared, order, 6, false))).toEqual([1, 3, 5]);
    expect(ids(selectRange(NO_SELECTION, order, 5, true))).toEqual([5]);
  });

  it('selects all shown without touching hidden ones; actions use what is selected and shown', () => {
    const s = selectShown(toggleEntry(NO_SELECTION, 9, true), [1, 2, 3], true);
    expect(ids(s)).toEqual([1, 2, 3, 9]);
    expect(effectiveSelection(s, [3, 1, 4])).toEqual([1, 3]);
    expect(ids(selectShown(s, [1, 2], false))).toEqual([3, 9]);
    expect(shownState(s, [1, 2])).toBe('all');
    expect(shownState(s, [1, 4])).toBe('some');
    expect(shownState(s, [4])).toBe('none');
  });
});
