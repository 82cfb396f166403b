import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './headers.ts';
import { isInside } from './static-files.ts';
import { cacheControlFor, contentTypeFor, fallsBackToIndex, parseStaticPath } from './static-path.ts';

describe('parseStaticPath', () => {
  it('splits ordinary paths into segments', () => {
    expect(parseStaticPath('/')).toEqual({ ok: true, segments: [] });
    expect(parseStaticPath('/assets/index-abc.js')).toEqual({ ok: true, segments: ['assets', 'index-abc.js'] });
    expect(parseStaticPath('/a//./b%20c')).toEqual({ ok: true, segments: ['a', 'b c'] });
  });
  it('refuses traversal in every spelling with 400', () => {
    for (const p of [
      '/..',
      '/../etc/passwd',
      '/assets/../../package.json',
      '/..%2f..%2fetc/passwd',
      '/%2e%2e/x',
      '/a/%2E%2E%2Fb',
      '/a\\..\\b',
      '/a%5c..%5cb',
      '/x%00.js',
      '/%zz',
      'assets/x',
    ]) {
      expect(parseStaticPath(p), p).toEqual({ ok: false, status: 400 });
    }
  });
  it('hides dotfiles', () => {
    expect(parseStaticPath('/.env')).toEqual({ ok: false, status: 404 });
    expect(parseStaticPath('/assets/.git/config')).toEqual({ ok: false, status: 404 });
  });
});

describe('isInside', () => {
  const root = path.resolve('/srv/dist');
  it('accepts the root and what is below it only', () => {
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, path.join(root, 'assets', 'a.js'))).toBe(true);
    expect(isInside(root, path.resolve('/srv/dist-other/a.js'))).toBe(false);
    expect(isInside(root, path.resolve('/srv/package.json'))).toBe(false);
  });
});

describe('content types and caching', () => {
  it('maps the renderer file types', () => {
    const expected: Record<string, string> = {
      'index.html': 'text/html; charset=utf-8',
      'a.js': 'text/javascript; charset=utf-8',
      'a.mjs': 'text/javascript; charset=utf-8',
      'a.css': 'text/css; charset=utf-8',
      'a.json': 'application/json; charset=utf-8',
      'a.svg': 'image/svg+xml',
      'a.png': 'image/png',
      'a.woff2': 'font/woff2',
      'a.ttf': 'font/ttf',
      'a.wasm': 'application/wasm',
      'a.js.map': 'application/json; charset=utf-8',
      'A.PNG': 'image/png',
      noext: 'application/octet-stream',
      'a.exe': 'application/octet-stream',
    };
    for (const [name, type] of Object.entries(expected)) expect(contentTypeFor(name), name).toBe(type);
  });
  it('makes hashed assets immutable and revalidates the rest', () => {
    expect(cacheControlFor(['assets', 'index-abc.js'])).toContain('immutable');
    expect(cacheControlFor(['index.html'])).toBe('no-cache');
    expect(cacheControlFor(['assets'])).toBe('no-cache');
  });
  it('falls back to index.html except under /assets/', () => {
    expect(fallsBackToIndex(['plans', '42'])).toBe(true);
    expect(fallsBackToIndex(['assets', 'gone.js'])).toBe(false);
  });
  it('builds the CSP with our port and keeps what Monaco needs', () => {
    const csp = contentSecurityPolicy(4321);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:4321 ws://localhost:4321;");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
