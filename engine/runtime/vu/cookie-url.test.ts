import { describe, expect, it } from 'vitest';
import { CookieJar } from '../http/cookie-jar.ts';
import { cookieUrl } from './cookie-url.ts';
import { splitUrl } from './url.ts';

const of = (url: string) => {
  const t = splitUrl(url);
  return cookieUrl(t.origin, t.path, url);
};

describe('cookieUrl', () => {
  it('gives the host, scheme and path WHATWG URL gives, without the query', () => {
    for (const url of [
      'http://Example.COM:8080/a/b?x=1&y=2',
      'https://api.test/',
      'http://127.0.0.1:3000',
      'http://[::1]:9000/p?q',
      'https://user@h.test/x/y/',
    ]) {
      const u = new URL(url);
      expect(of(url), url).toEqual({ hostname: u.hostname, protocol: u.protocol, pathname: u.pathname });
    }
  });

  it('normalises dot segments as a browser does before matching cookie paths', () => {
    expect(of('http://h.test/a/../b/./c?q').pathname).toBe('/b/c');
    expect(of('http://h.test/a/%2e%2e/b').pathname).toBe('/b'); // also written %2e
    expect(of('http://h.test/a/.%2E/b')).toEqual({ hostname: 'h.test', protocol: 'http:', pathname: '/b' });
  });

  it('matches the jar the same way as a parsed URL', () => {
    const jar = new CookieJar();
    jar.setFromResponse(of('http://h.test/app/login'), ['sid=1; Path=/app', 'other=2; Path=/else']);
    expect(jar.cookieHeader(of('http://h.test/app/x?y=1'))).toBe(jar.cookieHeader(new URL('http://h.test/app/x?y=1')));
    expect(jar.cookieHeader(of('http://h.test/app/x?y=1'))).toBe('sid=1');
  });
});
