import { describe, expect, it } from 'vitest';
import { Auth, Defaults } from '../../../../engine/plan/index.ts';
import { AUTH_KINDS, authFor, authKind } from './auth.ts';
import { formatStatuses, parseStatuses } from './statuses.ts';

describe('default auth', () => {
  it('gives a valid auth object for every kind, secrets as env references', () => {
    for (const { type } of AUTH_KINDS) {
      const a = authFor(type, undefined);
      if (type === 'none') expect(a).toBeUndefined();
      else expect(Auth.safeParse(a).success).toBe(true);
    }
    expect(authFor('bearer', undefined)).toEqual({ type: 'bearer', token: '${env.API_TOKEN}' });
  });

  it('keeps the secret text when switching between token kinds', () => {
    expect(authFor('apiKey', { type: 'bearer', token: '${env.T}' })).toEqual({
      type: 'apiKey',
      name: 'X-API-Key',
      value: '${env.T}',
    });
    expect(authFor('bearer', { type: 'apiKey', name: 'k', value: 'abc' })).toEqual({ type: 'bearer', token: 'abc' });
  });

  it('names the kind of the document value', () => {
    expect(authKind(undefined)).toBe('none');
    expect(authKind({ type: 'none' })).toBe('none');
    expect(authKind({ type: 'basic' })).toBe('basic');
    expect(authKind({ type: 'digest' })).toBe('unknown');
  });
});

describe('expected statuses', () => {
  it('parses codes, ranges and families into the plan form', () => {
    const r = parseStatuses('200-299, 304 ,4xx');
    expect(r).toEqual({ value: [{ min: 200, max: 299 }, 304, { min: 400, max: 499 }] });
    if ('value' in r) expect(Defaults.safeParse({ http: { expectedStatuses: r.value } }).success).toBe(true);
    expect(parseStatuses('  ')).toEqual({ value: undefined });
  });

  it('says which part is wrong', () => {
    expect(parseStatuses('200, 99')).toEqual({ error: expect.stringContaining("'99' is not a status") });
    expect(parseStatuses('300-200')).toHaveProperty('error');
    expect(parseStatuses('6xx')).toHaveProperty('error');
  });

  it('formats the document value back', () => {
    expect(formatStatuses([{ min: 200, max: 299 }, 304, { min: 400, max: 404 }])).toBe('2xx, 304, 400-404');
    expect(formatStatuses(undefined)).toBe('');
  });
});
