import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Dispatchers } from './dispatchers.ts';
import { request } from './conformance/testing.ts';
import { exchange } from './exchange.ts';
import { FastClient } from './fast/client.ts';
import { LazyAgent } from './lazy-agent.ts';

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

  const get = (path: string) => exchange(dispatchers!.default, request(url, path));
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

  it('makes the undici Agent behind the fast client only when a request needs it, and times that request alone', async () => {
    dispatchers = new Dispatchers({ protocol: 'http1' }, options);
    const fast = dispatchers.default as FastClient;
    const agent = fast.fallback as LazyAgent;
    expect(agent).toBeInstanceOf(LazyAgent);
    expect((await get('/plain')).body?.toString()).toBe('/plain');
    expect(agent.agent).toBeUndefined(); // plain HTTP/1.1: the fast client alone, undici not loaded for it
    // A header the fast client leaves to undici (fast/client.ts, SPECIAL): the Agent is made, then the request sent.
    const r = await exchange(fast, request(url, '/special', { headers: ['connection', 'keep-alive'] }));
    expect(r.error).toBeUndefined();
    expect(r.body?.toString()).toBe('/special');
    expect(agent.agent).toBeDefined();
    // The server answers after 20 ms: the request's own time, not undici's import, which came before it started.
    expect(r.duration).toBeGreaterThanOrEqual(19_000);
    expect(r.blocked).toBeLessThan(15_000);
  });
});
