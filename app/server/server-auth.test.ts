import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startUiServer } from './index.ts';
import {
  bearerHeader,
  cookieHeader,
  fakeEvents,
  send,
  startTestServer,
  stubDispatcher,
  TEST_TOKEN,
} from './testing.ts';
import type { UiServer } from './types.ts';

const CALL = {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ method: 'settings.get', params: {} }),
};
const SETTINGS = { ok: true, result: { theme: 'dark', workers: null, lastEnvironmentId: null, grantedFolders: [] } };

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('authentication and origin checks', () => {
  let server: UiServer;
  beforeEach(async () => {
    server = (await startTestServer()).server;
  });
  afterEach(() => server.close());

  it('exposes url, loginUrl and the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.loginUrl).toBe(`${server.url}/?token=${TEST_TOKEN}`);
    expect(server.token).toBe(TEST_TOKEN);
  });

  it('exchanges the token for an HttpOnly SameSite=Strict cookie and redirects to /', async () => {
    const reply = await send(server.port, `/?token=${TEST_TOKEN}`);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/');
    expect(reply.headers['set-cookie']).toEqual([
      `loadsmith_session_${server.port}=${TEST_TOKEN}; HttpOnly; SameSite=Strict; Path=/`,
    ]);
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('does not set a cookie for a wrong token', async () => {
    const reply = await send(server.port, '/?token=wrong-token-0123456789');
    expect(reply.status).toBe(401);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.body).toContain('open the link printed by <code>loadsmith ui</code>');
  });

  it('refuses API calls without credentials with 401 JSON', async () => {
    for (const headers of [
      {},
      cookieHeader(server.port, 'wrong-token-0123456789'),
      bearerHeader('wrong-token-0123456789'),
    ]) {
      const reply = await send(server.port, '/api/call', { ...CALL, headers: { ...CALL.headers, ...headers } });
      expect(reply.status).toBe(401);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
  });

  it('answers API calls with the cookie or a Bearer token', async () => {
    for (const headers of [cookieHeader(server.port), bearerHeader()]) {
      const reply = await send(server.port, '/api/call', { ...CALL, headers: { ...CALL.headers, ...headers } });
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body)).toEqual(SETTINGS);
    }
  });

  it('rejects a foreign or missing Host (DNS rebinding), even with the token', async () => {
    for (const host of ['evil.example:' + server.port, `127.0.0.1:${server.port + 1}`, '127.0.0.1']) {
      const reply = await send(server.port, '/api/call', {
        ...CALL,
        host,
        headers: { ...CALL.headers, ...cookieHeader(server.port) },
      });
      expect(reply.status, host).toBe(421);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect((await send(server.port, `/?token=${TEST_TOKEN}`, { host: 'evil.example' })).status).toBe(421);
    // Without any Host, Node itself answers 400 (requireHostHeader) before our check runs.
    expect([400, 421]).toContain(
      (await send(server.port, '/', { host: null, headers: cookieHeader(server.port) })).status,
    );
  });

  it('accepts localhost and [::1] as Host', async () => {
    for (const host of [`localhost:${server.port}`, `[::1]:${server.port}`]) {
      const reply = await send(server.port, '/api/call', {
        ...CALL,
        host,
        headers: { ...CALL.headers, ...cookieHeader(server.port) },
      });
      expect(reply.status, host).toBe(200);
    }
  });

  it('rejects a foreign Origin with 403, even with the token', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${server.port + 1}`]) {
      const reply = await send(server.port, '/api/call', {
        ...CALL,
        headers: { ...CALL.headers, ...cookieHeader(server.port), Origin: origin },
      });
      expect(reply.status, origin).toBe(403);
    }
    const ok = await send(server.port, '/api/call', {
      ...CALL,
      headers: { ...CALL.headers, ...cookieHeader(server.port), Origin: `http://localhost:${server.port}` },
    });
    expect(ok.status).toBe(200);
  });

  it('listens on 127.0.0.1 only', async () => {
    expect(await canConnect('127.0.0.1', server.port)).toBe(true);
    expect(await canConnect('127.0.0.2', server.port)).toBe(false);
    expect(await canConnect('::1', server.port)).toBe(false);
  });
});

describe('startUiServer options', () => {
  it('generates a random base64url token by default and refuses weak tokens', async () => {
    const server = await startUiServer({ dispatcher: stubDispatcher(), events: fakeEvents() });
    try {
      expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(server.loginUrl).toBe(`${server.url}/?token=${server.token}`);
    } finally {
      await server.close();
    }
    await expect(startUiServer({ dispatcher: stubDispatcher(), events: fakeEvents(), token: 'short' })).rejects.toThrow(
      /token/,
    );
    await expect(startUiServer({ dispatcher: stubDispatcher(), events: fakeEvents(), port: 70000 })).rejects.toThrow(
      /port/,
    );
  });

  it('rejects when the port is taken', async () => {
    const first = await startTestServer();
    try {
      await expect(
        startUiServer({ dispatcher: stubDispatcher(), events: fakeEvents(), port: first.server.port }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.server.close();
    }
  });
});
