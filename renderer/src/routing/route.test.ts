import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute, sectionOf } from './route.ts';

describe('parseRoute', () => {
  it('maps the pages, with the plan library as the default', () => {
    expect(parseRoute('')).toEqual({ page: 'plans' });
    expect(parseRoute('#/')).toEqual({ page: 'plans' });
    expect(parseRoute('#/plans')).toEqual({ page: 'plans' });
    expect(parseRoute('#/plans/abc')).toEqual({ page: 'plan', id: 'abc' });
    expect(parseRoute('#/environments')).toEqual({ page: 'environments' });
    expect(parseRoute('#/runs/')).toEqual({ page: 'runs' });
    expect(parseRoute('#/runs/r-1')).toEqual({ page: 'run', id: 'r-1' });
    expect(parseRoute('#/recorder')).toEqual({ page: 'recorder' });
    expect(parseRoute('#/recorder/rec-1/')).toEqual({ page: 'recording', id: 'rec-1' });
  });

  it('reports unknown paths', () => {
    expect(parseRoute('#/nope')).toEqual({ page: 'not-found', path: '/nope' });
    expect(parseRoute('#/plans/a/b')).toEqual({ page: 'not-found', path: '/plans/a/b' });
    expect(parseRoute('#/environments/x')).toEqual({ page: 'not-found', path: '/environments/x' });
    expect(parseRoute('#/recorder/a/entries')).toEqual({ page: 'not-found', path: '/recorder/a/entries' });
  });

  it('round-trips ids that need encoding', () => {
    const id = 'a b/c?d';
    expect(parseRoute(hrefFor({ page: 'run', id }))).toEqual({ page: 'run', id });
    expect(parseRoute(hrefFor({ page: 'recording', id }))).toEqual({ page: 'recording', id });
    expect(parseRoute('#/plans/%E0%A4%A')).toEqual({ page: 'plan', id: '%E0%A4%A' });
  });
});

describe('the compare route', () => {
  it('reads the run ids in order, without blanks or repeats', () => {
    expect(parseRoute('#/runs/compare?ids=a,b,c')).toEqual({ page: 'compare', ids: ['a', 'b', 'c'] });
    expect(parseRoute('#/runs/compare?x=1&ids=b,,a,b')).toEqual({ page: 'compare', ids: ['b', 'a'] });
    expect(parseRoute('#/runs/compare')).toEqual({ page: 'compare', ids: [] });
    expect(parseRoute('#/runs/compare/')).toEqual({ page: 'compare', ids: [] });
  });

  it('round-trips ids holding commas and other reserved characters', () => {
    const ids = ['a,b', 'c&d=e', 'f g'];
    const href = hrefFor({ page: 'compare', ids });
    expect(href).toBe('#/runs/compare?ids=a%2Cb,c%26d%3De,f%20g');
    expect(parseRoute(href)).toEqual({ page: 'compare', ids });
  });

  it('still treats other paths under runs as a run or not found', () => {
    expect(parseRoute('#/runs/comparison')).toEqual({ page: 'run', id: 'comparison' });
    expect(parseRoute('#/runs/compare/x')).toEqual({ page: 'not-found', path: '/runs/compare/x' });
  });
});

describe('sectionOf', () => {
  it('highlights the parent section of detail pages', () => {
    expect(sectionOf({ page: 'plan', id: 'x' })).toBe('plans');
    expect(sectionOf({ page: 'run', id: 'x' })).toBe('runs');
    expect(sectionOf({ page: 'compare', ids: [] })).toBe('runs');
    expect(sectionOf({ page: 'recording', id: 'x' })).toBe('recorder');
    expect(sectionOf({ page: 'recorder' })).toBe('recorder');
    expect(sectionOf({ page: 'not-found', path: '/x' })).toBeNull();
  });
});
