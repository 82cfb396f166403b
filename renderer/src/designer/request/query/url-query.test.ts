import { describe, expect, it } from 'vitest';
import { moveQueryIntoTable, splitUrlQuery } from './url-query.ts';

describe('splitUrlQuery', () => {
  it('reads the parameters typed in a URL, decoded, templates kept', () => {
    expect(splitUrlQuery('/search?q=a+b%21&page=${page}&flag')).toEqual({
      base: '/search',
      params: [
        { name: 'q', value: 'a b!' },
        { name: 'page', value: '${page}' },
        { name: 'flag', value: '' },
      ],
    });
    expect(splitUrlQuery('/x')).toEqual({ base: '/x', params: [] });
    expect(splitUrlQuery('/a?b=1#top')).toEqual({ base: '/a#top', params: [{ name: 'b', value: '1' }] });
  });

  it('does not split at a ? inside a template', () => {
    expect(splitUrlQuery('/u/${env.HOST ? x}')).toEqual({ base: '/u/${env.HOST ? x}', params: [] });
  });
});

describe('moveQueryIntoTable', () => {
  it('moves the URL query into the query map, keeping what the map already has', () => {
    expect(moveQueryIntoTable('/s?q=1&page=2', { page: '9' })).toEqual({ url: '/s', query: { page: '9', q: '1' } });
  });
});
