import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../contract/dispatch.ts';
import { bearerHeader, send, startTestServer, TEST_TOKEN } from './testing.ts';
import type { UiServer } from './types.ts';

const JSON_AUTH = { 'Content-Type': 'application/json', ...bearerHeader() };

describe('POST /api/call', () => {
  let server: UiServer;
  const errors: string[] = [];
  beforeEach(async () => {
    errors.length = 0;
    server = (await startTestServer({ limits: { maxBodyBytes: 1024 }, onError: (context) => errors.push(context) }))
      .server;
  });
  afterEach(() => server.close());

  const post = (body: string, headers: Record<string, string> = JSON_AUTH) =>
    send(server.port, '/api/call', { method: 'POST', headers, body });

  it('returns the dispatcher envelope, errors included, with 200', async () => {
    expect(JSON.parse((await post('{"method":"nope.nope","params":{}}')).body)).toMatchObject({
      ok: false,
      error: { code: 'unknown_method' },
    });
    expect(JSON.parse((await post('{"method":"settings.get","params":{"x":1}}')).body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
    const failed = await post('{"method":"app.info"}');
    expect(failed.status).toBe(200);
    expect(JSON.parse(failed.body)).toMatchObject({ ok: false, error: { code: 'internal' } });
    const reply = await post('{"method":"settings.get"}');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers malformed bodies with a 400 invalid_params envelope', async () => {
    for (const body of ['{not json', '[]', '{"params":{}}', '']) {
      const reply = await post(body);
      expect(reply.status, body).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    }
  });

  it('refuses a non-JSON content type with 400 (no simple cross-site form posts)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const reply = await post('{"method":"settings.get"}', { ...bearerHeader(), 'Content-Type': type });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    }
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const declared = await post(JSON.stringify({ method: 'settings.get', params: { pad: 'x'.repeat(2000) } }));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ ok: false, error: { code: 'invalid_params' } });

    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port: server.port,
        path: '/api/call',
        method: 'POST',
        agent: false,
        headers: { ...JSON_AUTH, 'Transfer-Encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = 'x'.repeat(512);
      let sent = 0;
      const pump = (): void => {
        while (sent < 64 && req.write(chunk)) sent++;
        if (sent < 64) req.once('drain', pump);
      };
      pump();
    });
    expect(streamed).toBe(413);
  });

  it('answers other methods and unknown API paths without crashing', async () => {
    const get = await send(server.port, '/api/call', { headers: bearerHeader() });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await send(server.port, '/api/other', { headers: bearerHeader() })).status).toBe(404);
    expect((await send(server.port, '/api/events', { headers: bearerHeader() })).status).toBe(426);
    expect(
      (
        await send(server.port, '/api/call?x=1', {
          method: 'POST',
          headers: JSON_AUTH,
          body: '{"method":"settings.get"}',
        })
      ).status,
    ).toBe(200);
  });
});

describe('a dispatcher that breaks its promise', () => {
  it('turns a throw or an unserialisable result into a 500 internal envelope', async () => {
    const dispatcher: Dispatcher = {
      call(method) {
        if (method === 'throws') return Promise.reject(new Error('bug'));
        return Promise.resolve({ ok: true, result: { big: 1n } });
      },
    };
    const errors: string[] = [];
    const { server } = await startTestServer({ dispatcher, token: TEST_TOKEN, onError: (c) => errors.push(c) });
    try {
      for (const method of ['throws', 'bigint']) {
        const reply = await send(server.port, '/api/call', {
          method: 'POST',
          headers: JSON_AUTH,
          body: JSON.stringify({ method }),
        });
        expect(reply.status).toBe(500);
        expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'internal' } });
      }
      expect(errors).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
