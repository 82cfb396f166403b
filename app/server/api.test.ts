import { describe, expect, it } from 'vitest';
import { parseCall } from './api.ts';
import { isJsonContentType } from './body.ts';

describe('parseCall', () => {
  it('accepts { method, params } and a missing params', () => {
    expect(parseCall('{"method":"plans.list","params":{}}')).toEqual({ ok: true, method: 'plans.list', params: {} });
    expect(parseCall('{"method":"plans.list"}')).toEqual({ ok: true, method: 'plans.list', params: undefined });
  });
  it('refuses malformed bodies', () => {
    for (const text of ['', '{', 'null', '[]', '"x"', '{"method":1}', '{"params":{}}'])
      expect(parseCall(text).ok, text).toBe(false);
  });
});

describe('isJsonContentType', () => {
  it('accepts application/json with parameters only', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    for (const t of [
      undefined,
      '',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/jsonp',
    ])
      expect(isJsonContentType(t), String(t)).toBe(false);
  });
});
