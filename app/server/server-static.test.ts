import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './headers.ts';
import { cookieHeader, makeStaticDir, send, startTestServer } from './testing.ts';
import type { UiServer } from './types.ts';

describe('static renderer', () => {
  let server: UiServer;
  let site: ReturnType<typeof makeStaticDir>;
  const get = (p: string, headers: Record<string, string> = cookieHeader(server.port)) =>
    send(server.port, p, { headers });

  beforeAll(async () => {
    site = makeStaticDir();
    symlinkSync(path.join(site.dir, '..', '..', 'secret.txt'), path.join(site.dir, 'leak.txt'));
    server = (await startTestServer({ staticDir: site.dir })).server;
  });
  afterAll(async () => {
    await server.close();
    site.cleanup();
  });

  it('serves index.html at / with no-cache and every security header', async () => {
    const reply = await get('/');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Loadsmith app');
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['content-security-policy']).toBe(contentSecurityPolicy(server.port));
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves files with their content types; hashed assets are immutable', async () => {
    const cases: [string, string][] = [
      ['/assets/index-abc123.js', 'text/javascript; charset=utf-8'],
      ['/assets/worker-abc123.mjs', 'text/javascript; charset=utf-8'],
      ['/assets/index-abc123.css', 'text/css; charset=utf-8'],
      ['/assets/index-abc123.js.map', 'application/json; charset=utf-8'],
      ['/assets/font-abc123.woff2', 'font/woff2'],
      ['/assets/code-abc123.wasm', 'application/wasm'],
      ['/logo.svg', 'image/svg+xml'],
      ['/icon.png', 'image/png'],
      ['/manifest.json', 'application/json; charset=utf-8'],
    ];
    for (const [p, type] of cases) {
      const reply = await get(p);
      expect(reply.status, p).toBe(200);
      expect(reply.headers['content-type'], p).toBe(type);
      expect(reply.headers['content-security-policy'], p).toContain("script-src 'self'");
      expect(reply.headers['cache-control'], p).toBe(
        p.startsWith('/assets/') ? 'private, max-age=31536000, immutable' : 'no-cache',
      );
    }
    const head = await send(server.port, '/assets/index-abc123.js', {
      method: 'HEAD',
      headers: cookieHeader(server.port),
    });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('falls back to index.html for client-side routes, but not for missing assets', async () => {
    const route = await get('/plans/42/edit?tab=steps');
    expect(route.status).toBe(200);
    expect(route.body).toContain('Loadsmith app');
    expect(route.headers['cache-control']).toBe('no-cache');
    const missing = await get('/assets/gone-abc.js');
    expect(missing.status).toBe(404);
  });

  it('refuses directory traversal, dotfiles and symlinks leading outside', async () => {
    for (const p of [
      '/..%2f..%2fetc/passwd',
      '/assets/../../package.json',
      '/../secret.txt',
      '/assets/..%2F..%2F..%2Fsecret.txt',
      '/%2e%2e/%2e%2e/package.json',
      '/..\\..\\package.json',
    ]) {
      const reply = await get(p);
      expect([400, 404], p).toContain(reply.status);
      expect(reply.body, p).not.toContain('secret');
    }
    expect((await get('/.env')).status).toBe(404);
    const leak = await get('/leak.txt');
    expect(leak.body).not.toBe('secret');
  });

  it('without a session shows only the login hint, never the app', async () => {
    for (const p of ['/', '/assets/index-abc123.js', '/plans/42']) {
      const reply = await get(p, {});
      expect(reply.status, p).toBe(401);
      expect(reply.body).toContain('open the link printed by <code>loadsmith ui</code>');
      expect(reply.body).not.toContain('Loadsmith app');
      expect(reply.body).not.toContain('<script');
      expect(reply.headers['content-security-policy']).toBeDefined();
    }
  });

  it('answers POST on static paths with 405', async () => {
    expect(
      (await send(server.port, '/', { method: 'POST', headers: cookieHeader(server.port), body: 'x' })).status,
    ).toBe(405);
  });
});

describe('without a built renderer', () => {
  it('says to run npm run build:ui (and only to a session)', async () => {
    for (const staticDir of [undefined, '/nonexistent/loadsmith/dist']) {
      const { server } = await startTestServer(staticDir === undefined ? {} : { staticDir });
      try {
        const reply = await send(server.port, '/', { headers: cookieHeader(server.port) });
        expect(reply.status).toBe(200);
        expect(reply.body).toContain('npm run build:ui');
        expect((await send(server.port, '/')).body).not.toContain('build:ui');
      } finally {
        await server.close();
      }
    }
  });
});
