import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { bearerHeader, cookieHeader, send, startTestServer, type FakeEvents } from './testing.ts';
import type { UiServer } from './types.ts';

function open(
  server: UiServer,
  headers: Record<string, string> = cookieHeader(server.port),
  extra: ClientOptions = {},
): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`, { headers, ...extra });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The HTTP status a refused handshake got. */
function refusal(
  server: UiServer,
  path: string,
  headers: Record<string, string>,
  extra: ClientOptions = {},
): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers, ...extra });
  return new Promise((resolve, reject) => {
    ws.once('open', () => reject(new Error('handshake unexpectedly accepted')));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', () => undefined);
  });
}

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) resolve(-1);
    else ws.once('close', (code) => resolve(code));
  });
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('WebSocket events', () => {
  let server: UiServer;
  let events: FakeEvents;
  beforeEach(async () => {
    ({ server, events } = await startTestServer({ limits: { maxBufferedBytes: 256 * 1024 } }));
  });
  afterEach(() => server.close());

  it('delivers events as { event, payload } and unsubscribes on close', async () => {
    const ws = await open(server);
    await until(() => events.listeners === 1);
    const received: unknown[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data))));
    events.emit('run.tick', { runId: 'r1', n: 1 });
    events.emit('app.command', { command: 'plan.new' });
    await until(() => received.length === 2);
    expect(received).toEqual([
      { event: 'run.tick', payload: { runId: 'r1', n: 1 } },
      { event: 'app.command', payload: { command: 'plan.new' } },
    ]);
    ws.close();
    await until(() => events.listeners === 0);
  });

  it('gives each connection its own subscription (Bearer works too)', async () => {
    const a = await open(server);
    const b = await open(server, bearerHeader(), { origin: `http://localhost:${server.port}` });
    await until(() => events.listeners === 2);
    b.terminate();
    await until(() => events.listeners === 1);
    a.close();
    await until(() => events.listeners === 0);
  });

  it('refuses handshakes without the token, with a foreign Origin or Host, or on another path', async () => {
    expect(await refusal(server, '/api/events', {})).toBe(401);
    expect(await refusal(server, '/api/events', cookieHeader(server.port), { origin: 'http://evil.example' })).toBe(
      403,
    );
    expect(
      await refusal(server, '/api/events', { ...cookieHeader(server.port), Host: `evil.example:${server.port}` }),
    ).toBe(421);
    expect(await refusal(server, '/api/other', cookieHeader(server.port))).toBe(404);
    expect(events.listeners).toBe(0);
  });

  it('drops a client that stops reading instead of buffering without bound', async () => {
    const ws = await open(server);
    await until(() => events.listeners === 1);
    ws.pause();
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 2000 && events.listeners > 0; i++) {
      events.emit('run.tick', { big, i });
      await new Promise((r) => setImmediate(r));
    }
    expect(events.listeners).toBe(0);
    ws.terminate();
  });

  it('close() ends connections promptly', async () => {
    const ws = await open(server);
    const paused = await open(server);
    paused.pause();
    const code = closed(ws);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect([1001, 1006]).toContain(await code);
    expect(events.listeners).toBe(0);
    await expect(send(server.port, '/')).rejects.toThrow();
    paused.terminate();
  });
});

describe('keep-alive', () => {
  it('pings clients and drops one that never answers', async () => {
    const { server, events } = await startTestServer({ limits: { keepAliveMs: 50 } });
    try {
      const ws = await open(server);
      let pings = 0;
      ws.on('ping', () => pings++);
      await until(() => pings >= 2);
      expect(events.listeners).toBe(1);
      const silent = await open(server, cookieHeader(server.port), { autoPong: false });
      expect(events.listeners).toBe(2);
      expect(await closed(silent)).toBe(1006);
      await until(() => events.listeners === 1);
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      await server.close();
    }
  });
});
