import { describe, expect, it } from 'vitest';
import { entryMatches } from '../../../app/contract/recordings.ts';
import { applyFilter, isFiltering, NO_FILTER, parseHosts, recordedHosts, toEntryFilter } from './filters.ts';
import { entry } from './testing.ts';
import { atEnd, scrollToRow, visibleRange } from './windowing.ts';

const entries = [
  entry(1, { url: 'https://shop.test/', host: 'shop.test' }),
  entry(2, { url: 'https://cdn.shop.test/app.css', host: 'cdn.shop.test', type: 'stylesheet', static: true }),
  entry(3, {
    url: 'https://shop.test:8443/api/items',
    host: 'shop.test:8443',
    type: 'fetch',
    mimeType: 'application/json',
  }),
  entry(4, { url: 'https://tracker.example/collect', host: 'tracker.example', method: 'POST', status: 204 }),
];

describe('the capture filter', () => {
  it('reads host lists separated by commas, semicolons or spaces', () => {
    expect(parseHosts(' a.test, *.b.test;c.test  a.test\n')).toEqual(['a.test', '*.b.test', 'c.test']);
    expect(toEntryFilter(NO_FILTER)).toEqual({});
    expect(isFiltering({ ...NO_FILTER, search: '  ' })).toBe(false);
  });

  it('gives the same entries as the contract filter the back end applies', () => {
    const state = { hideStatic: true, includeHosts: '*.shop.test', excludeHosts: '', search: 'API' };
    const filter = toEntryFilter(state);
    expect(filter).toEqual({ hideStatic: true, includeHosts: ['*.shop.test'], search: 'API' });
    expect(applyFilter(entries, state).map((e) => e.id)).toEqual([3]);
    expect(applyFilter(entries, state)).toEqual(entries.filter((e) => entryMatches(e, filter)));
    expect(
      applyFilter(entries, { ...NO_FILTER, excludeHosts: 'tracker.example cdn.shop.test' }).map((e) => e.id),
    ).toEqual([1, 3]);
    expect(applyFilter(entries, { ...NO_FILTER, search: '204' }).map((e) => e.id)).toEqual([4]);
  });

  it('suggests the recorded hosts, busiest first', () => {
    expect(recordedHosts([...entries, entry(5, { host: 'tracker.example' })])).toEqual([
      'tracker.example',
      'cdn.shop.test',
      'shop.test',
      'shop.test:8443',
    ]);
  });
});

describe('windowing', () => {
  it('renders the rows in view plus the overscan, within the list', () => {
    expect(visibleRange({ scrollTop: 0, viewportHeight: 300, rowHeight: 30, count: 5000, overscan: 5 })).toEqual({
      start: 0,
      end: 16,
    });
    expect(visibleRange({ scrollTop: 3000, viewportHeight: 300, rowHeight: 30, count: 5000, overscan: 5 })).toEqual({
      start: 95,
      end: 116,
    });
    expect(visibleRange({ scrollTop: 1e9, viewportHeight: 300, rowHeight: 30, count: 50, overscan: 5 })).toEqual({
      start: 44,
      end: 50,
    });
    expect(visibleRange({ scrollTop: 0, viewportHeight: 300, rowHeight: 30, count: 0 })).toEqual({ start: 0, end: 0 });
  });

  it('knows when the list is at its end, and scrolls a row into view', () => {
    expect(atEnd(700, 300, 1000)).toBe(true);
    expect(atEnd(600, 300, 1000)).toBe(false);
    expect(scrollToRow(2, 300, 300, 30)).toBe(60);
    expect(scrollToRow(20, 0, 300, 30)).toBe(330);
    expect(scrollToRow(12, 300, 300, 30)).toBe(300);
  });
});
