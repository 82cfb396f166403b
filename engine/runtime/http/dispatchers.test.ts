import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Dispatchers } from './dispatchers.ts';
import { exchange } from './exchange.ts';
import { FastClient } from './fast/client.ts';

const options = { connections: 2, connectTimeoutMs: 1000, files: new Map<string, Buffer>(), env: {} };
let dispatchers: Dispatchers | undefined;
const chosen = process.env.LOADSMITH_HTTP_CLIENT;
beforeEach(() => {
  delete process.env.LOADSMITH_HTTP_CLIENT;
}); // the fast client on, whatever the run's setting
afterEach(async () => {
  if (chosen !== undefined) process.env.LOADSMITH_HTTP_CLIENT = chosen;
  else delete process.env.LOADSMITH_HTTP_CLIENT;
  await dispatchers?.close();
  dispatchers = undefined;
});

let server: Server;
let url = '';
let connections = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    setTimeout(() => res.end(req.url), 20);
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('Dispatchers', () => {
  it('gives a request whose options change nothing the default client (the fast one), and another protocol its own', () => {
    dispatchers = new Dispatchers({ protocol: 'http1' }, options);
    expect(dispatchers.default).toBeInstanceOf(FastClient);
    expect(dispatchers.forRequest({ protocol: 'http1' })).toBe(dispatchers.default);
    const h2 = dispatchers.forRequest({ protocol: 'h2c' });
    expect(h2).not.toBeInstanceOf(FastClient);
    expect(dispatchers.forRequest({ protocol: 'h2c' })).toBe(h2);
  });

  const get = (path: string) =>
    exchange(dispatchers!.default, {
      origin: url,
      path,
      method: 'GET',
      headers: [],
      body: null,
      timeoutMs: 5000,
      keepAlive: true,
      keepBody: true,
      maxBodySize: 1024,
    });
  const paths = Array.from({ length: 8 }, (_, i) => `/p${i}`);

  it('passes defaults.http.pipelining to the fast client: 8 concurrent requests on 2 connections', async () => {
    dispatchers = new Dispatchers({ protocol: 'http1', pipelining: 4 }, { ...options, connections: 8 });
    expect(dispatchers.default).toBeInstanceOf(FastClient);
    connections = 0;
    expect((await Promise.all(paths.map(get))).map((r) => r.body?.toString())).toEqual(paths);
    expect(connections).toBe(2); // without pipelining: 8
  });

  it('passes it to undici too (LOADSMITH_HTTP_CLIENT=undici): an open connection takes 4 requests', async () => {
    process.env.LOADSMITH_HTTP_CLIENT = 'undici';
    dispatchers = new Dispatchers({ protocol: 'http1', pipelining: 4 }, { ...options, connections: 8 });
    expect(dispatchers.default).not.toBeInstanceOf(FastClient);
    connections = 0;
    await get('/warm');
    // undici opens another connection for a request dispatched while one is still queued on the first (not yet
    // written): one event-loop turn apart, the requests are pipelined.
    const pending = [];
    for (const p of paths) {
      pending.push(get(p));
      await new Promise((r) => setImmediate(r));
    }
    expect((await Promise.all(pending)).map((r) => r.body?.toString())).toEqual(paths);
    expect(connections).toBe(2); // without pipelining: 8
  });
});
