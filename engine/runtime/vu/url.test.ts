import { describe, expect, it } from 'vitest';
import { appendQuery, joinUrl, splitUrl, UrlError } from './url.ts';

describe('joinUrl', () => {
  it('keeps the path prefix of the base (no RFC resolution)', () => {
    expect(joinUrl('http://api.test/v1', '/users')).toBe('http://api.test/v1/users');
    expect(joinUrl('http://api.test/v1/api', '/users/7?x=1')).toBe('http://api.test/v1/api/users/7?x=1');
  });

  it('does not double a slash when the base ends with one', () => {
    expect(joinUrl('http://api.test/v1/', '/users')).toBe('http://api.test/v1/users');
    expect(joinUrl('http://api.test/', '/users')).toBe('http://api.test/users');
  });

  it('inserts a slash before a relative path written without one', () => {
    expect(joinUrl('http://api.test/v1', 'users')).toBe('http://api.test/v1/users');
    expect(joinUrl('http://api.test/v1/', 'users')).toBe('http://api.test/v1/users');
  });

  it('appends a query-only URL directly and treats an empty URL as the base', () => {
    expect(joinUrl('http://api.test/v1', '?page=2')).toBe('http://api.test/v1?page=2');
    expect(joinUrl('http://api.test/v1/', '')).toBe('http://api.test/v1');
  });

  it('lets an absolute URL win over the base (either scheme, any case)', () => {
    expect(joinUrl('http://api.test/v1', 'https://other.test/x')).toBe('https://other.test/x');
    expect(joinUrl('http://api.test/v1', 'HTTP://Other.test/y')).toBe('HTTP://Other.test/y');
    expect(joinUrl(undefined, 'http://only.test/z')).toBe('http://only.test/z');
  });

  it('refuses a relative URL without a base, naming the URL and defaults.baseUrl', () => {
    expect(() => joinUrl(undefined, '/users')).toThrow(UrlError);
    expect(() => joinUrl(undefined, '/users')).toThrow(/'\/users'.*defaults\.baseUrl/);
  });

  it('refuses a base that is not http(s)', () => {
    expect(() => joinUrl('api.test/v1', '/users')).toThrow(UrlError);
    expect(() => joinUrl('ftp://api.test', 'x')).toThrow(/defaults\.baseUrl 'ftp:\/\/api\.test' must start with http/);
  });
});

describe('appendQuery', () => {
  it('returns the URL unchanged when there is nothing to add', () => {
    expect(appendQuery('http://h/x', [])).toBe('http://h/x');
  });

  it('adds ? and encodes names and values', () => {
    expect(
      appendQuery('http://h/x', [
        ['q', 'a b&c=d'],
        ['ü', '/?#'],
      ]),
    ).toBe('http://h/x?q=a%20b%26c%3Dd&%C3%BC=%2F%3F%23');
  });

  it('repeats a name for each value, in order', () => {
    expect(
      appendQuery('http://h/x', [
        ['id', '1'],
        ['id', '2'],
      ]),
    ).toBe('http://h/x?id=1&id=2');
  });

  it('continues an existing query with &', () => {
    expect(appendQuery('http://h/x?a=1', [['b', '2']])).toBe('http://h/x?a=1&b=2');
  });

  it('adds no separator after a trailing ? or &', () => {
    expect(appendQuery('http://h/x?', [['b', '2']])).toBe('http://h/x?b=2');
    expect(appendQuery('http://h/x?a=1&', [['b', '2']])).toBe('http://h/x?a=1&b=2');
  });

  it('keeps the added query in the request target when the URL has a fragment', () => {
    // A fragment is never sent; the query parameters must still be.
    expect(splitUrl(appendQuery('http://h/page#top', [['a', '1']])).path).toBe('/page?a=1');
  });
});

describe('splitUrl', () => {
  it('splits origin and request target, lower-casing the scheme', () => {
    expect(splitUrl('HTTP://api.test/users?x=1')).toEqual({ origin: 'http://api.test', path: '/users?x=1' });
    expect(splitUrl('HttpS://api.test/a')).toEqual({ origin: 'https://api.test', path: '/a' });
  });

  it('keeps the port in the origin', () => {
    expect(splitUrl('http://127.0.0.1:8080/a/b')).toEqual({ origin: 'http://127.0.0.1:8080', path: '/a/b' });
  });

  it('defaults the path to / and prefixes a query-only target with /', () => {
    expect(splitUrl('http://api.test')).toEqual({ origin: 'http://api.test', path: '/' });
    expect(splitUrl('http://api.test:81')).toEqual({ origin: 'http://api.test:81', path: '/' });
    expect(splitUrl('http://api.test?x=1')).toEqual({ origin: 'http://api.test', path: '/?x=1' });
  });

  it('drops a fragment', () => {
    expect(splitUrl('http://api.test/a?b=1#frag')).toEqual({ origin: 'http://api.test', path: '/a?b=1' });
  });

  it('percent-encodes spaces and non-ASCII characters in path and query', () => {
    expect(splitUrl('http://api.test/a b/caf\u00e9')).toEqual({ origin: 'http://api.test', path: '/a%20b/caf%C3%A9' });
    expect(splitUrl('http://api.test:8080/s?q=a b&u=\u00fc')).toEqual({
      origin: 'http://api.test:8080',
      path: '/s?q=a%20b&u=%C3%BC',
    });
  });

  it('refuses other schemes and non-URLs', () => {
    expect(() => splitUrl('ftp://api.test/file')).toThrow(UrlError);
    expect(() => splitUrl('ftp://api.test/a file')).toThrow(/not an http\(s\) URL/);
    expect(() => splitUrl('/relative/only')).toThrow(UrlError);
    expect(() => splitUrl('http://[bad host/a b')).toThrow(/not a valid URL/);
  });
});
