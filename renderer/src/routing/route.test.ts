import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute, sectionOf } from './route.ts';

describe('parseRoute', () => {
  it('maps the five pages, with the plan library as the default', () => {
    expect(parseRoute('')).toEqual({ page: 'plans' });
    expect(parseRoute('#/')).toEqual({ page: 'plans' });
    expect(parseRoute('#/plans')).toEqual({ page: 'plans' });
    expect(parseRoute('#/plans/abc')).toEqual({ page: 'plan', id: 'abc' });
    expect(parseRoute('#/environments')).toEqual({ page: 'environments' });
    expect(parseRoute('#/runs/')).toEqual({ page: 'runs' });
    expect(parseRoute('#/runs/r-1')).toEqual({ page: 'run', id: 'r-1' });
  });

  it('reports unknown paths', () => {
    expect(parseRoute('#/nope')).toEqual({ page: 'not-found', path: '/nope' });
    expect(parseRoute('#/plans/a/b')).toEqual({ page: 'not-found', path: '/plans/a/b' });
    expect(parseRoute('#/environments/x')).toEqual({ page: 'not-found', path: '/environments/x' });
  });

  it('round-trips ids that need encoding', () => {
    const id = 'a b/c?d';
    expect(parseRoute(hrefFor({ page: 'run', id }))).toEqual({ page: 'run', id });
    expect(parseRoute('#/plans/%E0%A4%A')).toEqual({ page: 'plan', id: '%E0%A4%A' });
  });
});

describe('sectionOf', () => {
  it('highlights the parent section of detail pages', () => {
    expect(sectionOf({ page: 'plan', id: 'x' })).toBe('plans');
    expect(sectionOf({ page: 'run', id: 'x' })).toBe('runs');
    expect(sectionOf({ page: 'not-found', path: '/x' })).toBeNull();
  });
});
