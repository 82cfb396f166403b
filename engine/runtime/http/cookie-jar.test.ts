import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar.ts';
import { defaultPath, domainMatches, parseSetCookie, pathMatches } from './cookie-parse.ts';

const u = (s: string): URL => new URL(s);
const NOW = Date.UTC(2030, 0, 1);

function jarWith(url: string, ...headers: string[]): CookieJar {
  const jar = new CookieJar();
  jar.setFromResponse(u(url), headers, NOW);
  return jar;
}

describe('CookieJar basics', () => {
  it('returns undefined when empty and when nothing matches', () => {
    const jar = new CookieJar();
    expect(jar.cookieHeader(u('http://a.test/'))).toBeUndefined();
    jar.setFromResponse(u('http://a.test/'), 'sid=1', NOW);
    expect(jar.cookieHeader(u('http://b.test/'), NOW)).toBeUndefined();
  });

  it('accepts one string or an array, ignores undefined and malformed values', () => {
    const jar = new CookieJar();
    jar.setFromResponse(u('http://a.test/'), undefined, NOW);
    jar.setFromResponse(u('http://a.test/'), 'a=1; Path=/', NOW);
    jar.setFromResponse(u('http://a.test/'), ['b=2', 'novalue', '=3', ' c = x y '], NOW);
    expect(jar.size).toBe(3);
    expect(jar.cookieHeader(u('http://a.test/'), NOW)).toBe('a=1; b=2; c=x y');
  });

  it('clear() forgets everything', () => {
    const jar = jarWith('http://a.test/', 'a=1', 'b=2');
    jar.clear();
    expect(jar.size).toBe(0);
    expect(jar.cookieHeader(u('http://a.test/'), NOW)).toBeUndefined();
  });
});

describe('domains', () => {
  it('host-only cookies go only to the exact host', () => {
    const jar = jarWith('http://example.com/', 'h=1');
    expect(jar.cookieHeader(u('http://example.com/x'), NOW)).toBe('h=1');
    expect(jar.cookieHeader(u('http://www.example.com/'), NOW)).toBeUndefined();
  });

  it('Domain cookies go to the domain and its subdomains; the leading dot is ignored', () => {
    const jar = jarWith('http://www.example.com/', 'd=1; Domain=.Example.COM');
    expect(jar.cookieHeader(u('http://example.com/'), NOW)).toBe('d=1');
    expect(jar.cookieHeader(u('http://api.example.com/'), NOW)).toBe('d=1');
    expect(jar.cookieHeader(u('http://notexample.com/'), NOW)).toBeUndefined();
  });

  it('Domain equal to the host still reaches subdomains', () => {
    const jar = jarWith('http://example.com/', 'd=1; Domain=example.com');
    expect(jar.cookieHeader(u('http://a.example.com/'), NOW)).toBe('d=1');
  });

  it('rejects a Domain the request host does not domain-match', () => {
    expect(jarWith('http://example.com/', 'x=1; Domain=other.com').size).toBe(0);
    expect(jarWith('http://example.com/', 'x=1; Domain=www.example.com').size).toBe(0);
    expect(jarWith('http://badexample.com/', 'x=1; Domain=example.com').size).toBe(0);
  });

  it('rejects public-suffix-like single labels, unless it is the host itself (then host-only)', () => {
    expect(jarWith('http://example.com/', 'x=1; Domain=com').size).toBe(0);
    const local = jarWith('http://localhost/', 'x=1; Domain=localhost');
    expect(local.cookieHeader(u('http://localhost/'), NOW)).toBe('x=1');
  });

  it('IP hosts only match themselves', () => {
    expect(domainMatches('10.0.0.1', '0.0.1')).toBe(false);
    const jar = jarWith('http://127.0.0.1:8080/', 'ip=1');
    expect(jar.cookieHeader(u('http://127.0.0.1:9090/'), NOW)).toBe('ip=1');
    expect(jar.cookieHeader(u('http://127.0.0.2/'), NOW)).toBeUndefined();
  });
});

describe('paths', () => {
  it('computes the default path per RFC 6265 5.1.4', () => {
    expect(defaultPath('')).toBe('/');
    expect(defaultPath('/')).toBe('/');
    expect(defaultPath('/login')).toBe('/');
    expect(defaultPath('/api/v1/login')).toBe('/api/v1');
    expect(defaultPath('/api/v1/')).toBe('/api/v1');
  });

  it('path-matches per RFC 6265 5.1.4', () => {
    expect(pathMatches('/api', '/api')).toBe(true);
    expect(pathMatches('/api/users', '/api')).toBe(true);
    expect(pathMatches('/api/users', '/api/')).toBe(true);
    expect(pathMatches('/apis', '/api')).toBe(false);
    expect(pathMatches('/', '/api')).toBe(false);
  });

  it('uses the default path when Path is missing or does not start with "/"', () => {
    const jar = jarWith('http://a.test/api/v1/login', 'p=1', 'q=2; Path=relative');
    expect(jar.cookieHeader(u('http://a.test/api/v1/users'), NOW)).toBe('p=1; q=2');
    expect(jar.cookieHeader(u('http://a.test/api/other'), NOW)).toBeUndefined();
  });

  it('orders longer paths first, then older cookies first', () => {
    const jar = jarWith('http://a.test/', 'root=1; Path=/', 'deep=2; Path=/a/b', 'mid=3; Path=/a', 'root2=4; Path=/');
    expect(jar.cookieHeader(u('http://a.test/a/b/c'), NOW)).toBe('deep=2; mid=3; root=1; root2=4');
  });
});

describe('expiry', () => {
  it('honours Expires, and drops expired cookies lazily', () => {
    const exp = new Date(NOW + 60_000).toUTCString();
    const jar = jarWith('http://a.test/', `e=1; Expires=${exp}`);
    expect(jar.cookieHeader(u('http://a.test/'), NOW + 59_000)).toBe('e=1');
    expect(jar.cookieHeader(u('http://a.test/'), NOW + 61_000)).toBeUndefined();
    expect(jar.size).toBe(0);
  });

  it('Max-Age wins over Expires whatever the order', () => {
    const far = new Date(NOW + 3_600_000).toUTCString();
    const jar = jarWith('http://a.test/', `m=1; Expires=${far}; Max-Age=10`, `n=2; Max-Age=10; Expires=${far}`);
    expect(jar.cookieHeader(u('http://a.test/'), NOW + 9_000)).toBe('m=1; n=2');
    expect(jar.cookieHeader(u('http://a.test/'), NOW + 11_000)).toBeUndefined();
  });

  it('Max-Age<=0 or a past Expires deletes an existing cookie', () => {
    const jar = jarWith('http://a.test/', 'a=1', 'b=2', 'c=3');
    jar.setFromResponse(
      u('http://a.test/'),
      ['a=x; Max-Age=0', 'b=x; Max-Age=-5', `c=x; Expires=${new Date(NOW - 1000).toUTCString()}`],
      NOW,
    );
    expect(jar.size).toBe(0);
  });

  it('ignores malformed Max-Age and Expires values (session cookie)', () => {
    const jar = jarWith('http://a.test/', 's=1; Max-Age=abc; Expires=not a date');
    expect(jar.cookieHeader(u('http://a.test/'), NOW + 1e12)).toBe('s=1');
  });
});

describe('flags and replacement', () => {
  it('sends Secure cookies only over https', () => {
    const jar = jarWith('https://a.test/', 's=1; Secure', 'p=2');
    expect(jar.cookieHeader(u('https://a.test/'), NOW)).toBe('s=1; p=2');
    expect(jar.cookieHeader(u('http://a.test/'), NOW)).toBe('p=2');
  });

  it('stores HttpOnly cookies normally and ignores SameSite', () => {
    const jar = jarWith('http://a.test/', 'h=1; HttpOnly; SameSite=Strict');
    expect(jar.cookieHeader(u('http://a.test/'), NOW)).toBe('h=1');
    expect(parseSetCookie('h=1; HttpOnly', NOW)?.httpOnly).toBe(true);
  });

  it('replaces by (name, domain, path), keeping the original position', () => {
    const jar = jarWith('http://a.test/', 'a=1', 'b=2', 'a=3');
    expect(jar.size).toBe(2);
    expect(jar.cookieHeader(u('http://a.test/'), NOW)).toBe('a=3; b=2');
    jar.setFromResponse(u('http://a.test/'), 'a=4; Path=/x', NOW);
    expect(jar.size).toBe(3);
    expect(jar.cookieHeader(u('http://a.test/x'), NOW)).toBe('a=4; a=3; b=2');
  });

  it('bounds the number of cookies, evicting the oldest', () => {
    const jar = new CookieJar();
    for (let i = 0; i < 1000; i++) jar.setFromResponse(u('http://a.test/'), `c${i}=${i}`, NOW);
    expect(jar.size).toBeLessThanOrEqual(300);
    const header = jar.cookieHeader(u('http://a.test/'), NOW) ?? '';
    expect(header).toContain('c999=999');
    expect(header).not.toContain('c0=0;');
  });
});
