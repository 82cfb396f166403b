import { describe, expect, it } from 'vitest';
import {
  assertUsableToken,
  bearerToken,
  cookieValues,
  generateToken,
  isAuthorized,
  sessionCookie,
  tokensEqual,
} from './auth.ts';

describe('tokens', () => {
  it('generates 32 random bytes as base64url', () => {
    const a = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(a);
    expect(() => assertUsableToken(a)).not.toThrow();
  });
  it('refuses short or cookie-unsafe tokens', () => {
    for (const t of ['', 'short', 'has space 0123456789', 'semi;colon0123456789', 'quote"0123456789abc'])
      expect(() => assertUsableToken(t), t).toThrow();
  });
  it('compares in constant time, whatever the lengths', () => {
    expect(tokensEqual('abcdefabcdefabcdef', 'abcdefabcdefabcdef')).toBe(true);
    expect(tokensEqual('abcdefabcdefabcdeX', 'abcdefabcdefabcdef')).toBe(false);
    expect(tokensEqual('', 'abcdefabcdefabcdef')).toBe(false);
    expect(tokensEqual('abcdefabcdefabcdef-longer', 'abcdefabcdefabcdef')).toBe(false);
  });
});

describe('request credentials', () => {
  const token = 'tok-0123456789abcdef';
  it('parses cookies, including duplicates', () => {
    expect(cookieValues('a=1; loadsmith_session=x; b=2; loadsmith_session=y', 'loadsmith_session')).toEqual(['x', 'y']);
    expect(cookieValues(undefined, 'a')).toEqual([]);
    expect(cookieValues('junk; a', 'a')).toEqual([]);
  });
  it('parses Bearer headers', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
  it('authorizes by cookie or Bearer, never by a wrong or missing token', () => {
    expect(isAuthorized({ cookie: `loadsmith_session_8080=${token}` }, token, 8080)).toBe(true);
    expect(
      isAuthorized({ cookie: `other=1; loadsmith_session_8080=stale; loadsmith_session_8080=${token}` }, token, 8080),
    ).toBe(true);
    expect(isAuthorized({ authorization: `Bearer ${token}` }, token, 8080)).toBe(true);
    expect(isAuthorized({}, token, 8080)).toBe(false);
    expect(isAuthorized({ cookie: 'loadsmith_session_8080=nope' }, token, 8080)).toBe(false);
    expect(isAuthorized({ cookie: `session=${token}` }, token, 8080)).toBe(false);
    expect(isAuthorized({ authorization: `Basic ${token}` }, token, 8080)).toBe(false);
  });
  it('builds an HttpOnly, SameSite=Strict session cookie', () => {
    expect(sessionCookie(token, 8080)).toBe(`loadsmith_session_8080=${token}; HttpOnly; SameSite=Strict; Path=/`);
    // Another instance's cookie (another port) does not authorize this one.
    expect(isAuthorized({ cookie: `loadsmith_session_9090=${token}` }, token, 8080)).toBe(false);
  });
});
