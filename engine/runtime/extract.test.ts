import { describe, expect, it } from 'vitest';
import type { Extractor } from '../plan/schema/index.ts';
import { compileExtractor, type ExtractOutcome } from './extract.ts';
import type { ResponseHeaders } from './http/types.ts';
import { ResponseView } from './response.ts';

const DOC = {
  token: 'tok-3f9a2c',
  items: [
    { id: 1, name: 'apple' },
    { id: 2, name: 'banana' },
    { id: 3, name: 'cherry' },
  ],
  meta: { next: null },
};

function view(
  body: string | undefined,
  headers: ResponseHeaders = {},
  url = 'http://api.test/orders/981?page=2',
  truncated = false,
): ResponseView {
  return new ResponseView(200, headers, body === undefined ? undefined : Buffer.from(body), truncated, 5, url);
}

const run = (x: Extractor, r: ResponseView): ExtractOutcome => compileExtractor(x).run(r);
const ok = (value: unknown): ExtractOutcome => ({ ok: true, value });

describe('jsonPath extractor', () => {
  const r = view(JSON.stringify(DOC));

  it('takes the first match', () => {
    expect(run({ jsonPath: '$.token' }, r)).toEqual(ok('tok-3f9a2c'));
    expect(run({ jsonPath: '$.items[*].name' }, r)).toEqual(ok('apple'));
    expect(run({ jsonPath: '$.items[1]' }, r)).toEqual(ok({ id: 2, name: 'banana' }));
    expect(run({ jsonPath: '$.meta.next' }, r)).toEqual(ok(null));
  });

  it('takes every match as a list with all', () => {
    expect(run({ jsonPath: '$.items[*].id', all: true }, r)).toEqual(ok([1, 2, 3]));
    expect(run({ jsonPath: '$.nothing[*]', all: true }, r)).toEqual(ok([]));
  });

  it('says what did not match', () => {
    expect(run({ jsonPath: '$.user.id' }, r)).toEqual({ ok: false, reason: 'no match for $.user.id' });
  });

  it('reports a body that is not JSON', () => {
    expect(run({ jsonPath: '$.a' }, view('<!doctype html><html>'))).toEqual({
      ok: false,
      reason: 'the body is not JSON (starts with "<!doctype html><html>")',
    });
    expect(run({ jsonPath: '$.a' }, view(''))).toEqual({ ok: false, reason: 'the body is empty, not JSON' });
    const truncated = run({ jsonPath: '$.a' }, view('{"a":1}', {}, undefined, true));
    expect(truncated.ok).toBe(false);
    expect(truncated.ok ? '' : truncated.reason).toMatch(/maxBodySize/);
  });

  it('needs the body and carries its default', () => {
    const c = compileExtractor({ jsonPath: '$.a', default: 'none' });
    expect(c.needsBody).toBe(true);
    expect(c.fallback).toBe('none');
    expect(compileExtractor({ jsonPath: '$.a' }).fallback).toBeUndefined();
  });
});

describe('header extractor', () => {
  it('reads a header case-insensitively, without the body', () => {
    const r = view(undefined, { location: '/orders/981', 'x-request-id': 'r-1' });
    const c = compileExtractor({ header: 'Location' });
    expect(c.needsBody).toBe(false);
    expect(c.run(r)).toEqual(ok('/orders/981'));
    expect(run({ header: 'X-Request-Id' }, r)).toEqual(ok('r-1'));
  });

  it('joins a repeated header', () => {
    expect(run({ header: 'vary' }, view(undefined, { vary: ['Accept', 'Origin'] }))).toEqual(ok('Accept, Origin'));
  });

  it('says which header is missing', () => {
    expect(run({ header: 'X-Token' }, view(undefined, {}))).toEqual({ ok: false, reason: 'no X-Token header' });
  });
});

describe('regex extractor', () => {
  const body = 'hello <world> token=abc123; id=42';

  it('takes group 1 by default when the regex has groups', () => {
    expect(run({ regex: 'token=(\\w+);' }, view(body))).toEqual(ok('abc123'));
    expect(run({ regex: '(\\w+)=(\\d+)' }, view(body))).toEqual(ok('id'));
  });

  it('takes the whole match (group 0) by default when it has none', () => {
    expect(run({ regex: 'token=\\w+' }, view(body))).toEqual(ok('token=abc123'));
    expect(run({ regex: '(?:token)=\\w+' }, view(body))).toEqual(ok('token=abc123'));
  });

  it('takes an explicit group', () => {
    expect(run({ regex: '(\\w+)=(\\d+)', group: 2 }, view(body))).toEqual(ok('42'));
    expect(run({ regex: 'token=(\\w+);', group: 0 }, view(body))).toEqual(ok('token=abc123;'));
  });

  it('counts named groups as groups', () => {
    expect(run({ regex: 'id=(?<id>\\d+)' }, view(body))).toEqual(ok('42'));
  });

  it('reads the headers as "name: value" lines', () => {
    const r = view(undefined, { 'x-session': 'S-77', 'set-cookie': ['a=1', 'b=2'] });
    const c = compileExtractor({ regex: 'x-session: (\\S+)', from: 'headers' });
    expect(c.needsBody).toBe(false);
    expect(c.run(r)).toEqual(ok('S-77'));
    expect(run({ regex: 'set-cookie: b=(\\d)', from: 'headers' }, r)).toEqual(ok('2'));
  });

  it('reads the URL', () => {
    const c = compileExtractor({ regex: '/orders/(\\d+)', from: 'url' });
    expect(c.needsBody).toBe(false);
    expect(c.run(view(undefined))).toEqual(ok('981'));
  });

  it('needs the body when reading it (the default)', () => {
    expect(compileExtractor({ regex: 'x' }).needsBody).toBe(true);
    expect(compileExtractor({ regex: 'x', from: 'body' }).needsBody).toBe(true);
  });

  it('says where nothing matched', () => {
    expect(run({ regex: 'nope(\\d)' }, view(body))).toEqual({
      ok: false,
      reason: 'no match for /nope(\\d)/ in the body',
    });
    expect(run({ regex: 'nope', from: 'url' }, view(body))).toEqual({
      ok: false,
      reason: 'no match for /nope/ in the url',
    });
  });

  it('reports a group that did not take part in the match', () => {
    expect(run({ regex: '(xyz)|(token)' }, view(body))).toEqual({
      ok: false,
      reason: 'group 1 did not participate in the match',
    });
    expect(run({ regex: '(xyz)|(token)', group: 2 }, view(body))).toEqual(ok('token'));
    expect(run({ regex: 'token', group: 3 }, view(body))).toEqual({
      ok: false,
      reason: 'group 3 did not participate in the match',
    });
  });
});

describe('boundary extractor', () => {
  const body = '<input name="csrf" value="k9-XY"><input name="other" value="zz">';

  it('takes the text between the first left boundary and the next right one', () => {
    const c = compileExtractor({ boundary: { left: 'name="csrf" value="', right: '"' } });
    expect(c.needsBody).toBe(true);
    expect(c.run(view(body))).toEqual(ok('k9-XY'));
    expect(run({ boundary: { left: 'value="', right: '"' } }, view(body))).toEqual(ok('k9-XY'));
  });

  it('can be empty between adjacent boundaries', () => {
    expect(run({ boundary: { left: '[', right: ']' } }, view('a[]b'))).toEqual(ok(''));
  });

  it('reads the headers without the body', () => {
    const c = compileExtractor({ boundary: { left: 'location: /orders/', right: '\n' }, from: 'headers' });
    expect(c.needsBody).toBe(false);
    expect(c.run(view(undefined, { location: '/orders/981', 'x-a': 'b' }))).toEqual(ok('981'));
  });

  it('says which boundary is missing', () => {
    expect(run({ boundary: { left: 'token="', right: '"' } }, view(body))).toEqual({
      ok: false,
      reason: 'left boundary "token=\\"" not found',
    });
    expect(run({ boundary: { left: 'value="zz', right: '|' } }, view(body))).toEqual({
      ok: false,
      reason: 'right boundary "|" not found after the left one',
    });
  });
});

describe('cookie extractor', () => {
  it('finds a cookie among several Set-Cookie lines, without the body', () => {
    const r = view(undefined, { 'set-cookie': ['theme=dark; Path=/', 'sid=s%3A123.abc; Path=/; HttpOnly', 'lang=en'] });
    const c = compileExtractor({ cookie: 'sid' });
    expect(c.needsBody).toBe(false);
    expect(c.run(r)).toEqual(ok('s%3A123.abc'));
    expect(run({ cookie: 'lang' }, r)).toEqual(ok('en'));
  });

  it('reads a single Set-Cookie string and trims around the name and value', () => {
    expect(run({ cookie: 'sid' }, view(undefined, { 'set-cookie': ' sid = v1 ; Secure' }))).toEqual(ok('v1'));
  });

  it('matches the whole name, not a prefix or an attribute', () => {
    const r = view(undefined, { 'set-cookie': ['sid2=x; Path=/', 'a=1; sid=attr'] });
    expect(run({ cookie: 'sid' }, r)).toEqual({ ok: false, reason: 'the response set no cookie sid' });
  });

  it('says when no cookie was set', () => {
    expect(run({ cookie: 'sid', default: 'anon' }, view(undefined, {}))).toEqual({
      ok: false,
      reason: 'the response set no cookie sid',
    });
    expect(compileExtractor({ cookie: 'sid', default: 'anon' }).fallback).toBe('anon');
  });
});
