import { describe, expect, it } from 'vitest';
import { isOff, offNames, withRemoved, withRenamed, withToggle } from './toggles.ts';

const req = { name: 'r', url: '/x', headers: { 'X-A': '1', 'X-B': '2' }, checks: [] };

describe('header and query toggles', () => {
  it('switching off adds the name to disabled, after headers; switching on removes disabled entirely', () => {
    const off = withToggle(req, 'headers', 'X-B', false);
    expect(off.disabled).toEqual({ headers: ['X-B'] });
    expect(Object.keys(off)).toEqual(['name', 'url', 'headers', 'disabled', 'checks']);
    expect(isOff(off, 'headers', 'x-b')).toBe(true);
    const on = withToggle(off, 'headers', 'x-b', true);
    expect(on).toEqual(req);
    expect(on).not.toHaveProperty('disabled');
  });

  it('keeps the other map’s list, and query names by case', () => {
    const both = withToggle(
      withToggle({ ...req, query: { p: 1, P: 2 } }, 'query', 'p', false),
      'headers',
      'X-A',
      false,
    );
    expect(both.disabled).toEqual({ query: ['p'], headers: ['X-A'] });
    expect(isOff(both, 'query', 'P')).toBe(false);
    expect(offNames(withToggle(both, 'query', 'p', true), 'headers')).toEqual(['X-A']);
  });

  it('a rename keeps the entry’s place and its toggle; a removal drops both', () => {
    const off = withToggle(req, 'headers', 'X-A', false);
    const renamed = withRenamed(off, 'headers', 'X-A', 'X-Z');
    expect(Object.keys(renamed.headers as object)).toEqual(['X-Z', 'X-B']);
    expect(renamed.disabled).toEqual({ headers: ['X-Z'] });
    const removed = withRemoved(renamed, 'headers', 'X-Z');
    expect(removed.headers).toEqual({ 'X-B': '2' });
    expect(removed).not.toHaveProperty('disabled');
    expect(withRemoved(removed, 'headers', 'X-B')).not.toHaveProperty('headers');
  });
});
