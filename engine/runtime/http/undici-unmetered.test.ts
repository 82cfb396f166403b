/**
 * The undici path on an Agent that dispatchers.ts did not make: its sockets carry no wire meter (connect-timing.ts),
 * so exchange.ts estimates the bytes from the head undici wrote (the diagnostics channel) and the head it read,
 * as undici frames HTTP/1.1. The estimate must still be the bytes on the wire. The metered path (every Agent of a
 * run): conformance/bytes.test.ts.
 */
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, TEXT_BODY, type TargetServer } from '../../../tests/fixtures/target-server.ts';
import { ok, request, startRawServer, type RawServer } from './conformance/testing.ts';
import { exchange } from './exchange.ts';

let raw: RawServer;
let target: TargetServer;
let agent: Agent;
beforeAll(async () => {
  raw = await startRawServer();
  target = await startTargetServer();
});
afterAll(async () => {
  await raw.close();
  await target.close();
});
beforeEach(() => {
  raw.reset();
  agent = new Agent({ keepAliveTimeout: 1000 });
});
afterEach(async () => {
  await agent.destroy();
});

describe('undici without a wire meter', () => {
  it('bytesReceived equals the bytes on the wire', async () => {
    const response = 'HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-Thing: abc\r\n\r\nhello';
    raw.behave = (_n, s) => s.write(response);
    const r = await exchange(agent, request(raw.origin, '/'));
    expect(r.status).toBe(201);
    expect(r.headers['x-thing']).toBe('abc');
    expect(r.body?.toString()).toBe('hello');
    expect(r.bytesReceived).toBe(Buffer.byteLength(response));
  });

  it('counts the status line and every header line in bytesReceived (a Node.js server)', async () => {
    const r = await exchange(agent, request(target.url, '/text'));
    expect(r.body?.toString('utf8')).toBe(TEXT_BODY);
    const headerLines = Object.entries(r.headers).reduce(
      (n, [k, v]) => n + (Array.isArray(v) ? v : [v]).reduce((m, x) => m + k.length + 2 + (x ?? '').length + 2, 0),
      0,
    );
    expect(r.bytesReceived).toBeGreaterThanOrEqual(
      Buffer.byteLength(TEXT_BODY) + 'HTTP/1.1 200 OK\r\n'.length + headerLines + 2,
    );
  });

  it('bytesSent is the head and body as written: a GET, and a POST with its content-length line', async () => {
    raw.behave = (_n, s) => s.write(ok());
    const get = await exchange(agent, request(raw.origin, '/get', { headers: ['x-one', 'a'] }));
    const body = JSON.stringify({ name: 'Zoë' });
    const post = await exchange(agent, request(raw.origin, '/post', { method: 'POST', body }));
    const [sentGet, sentPost] = raw.requests;
    expect(get.headBytes).toBe(sentGet!.head.length - 2);
    expect(get.bytesSent).toBe(sentGet!.head.length);
    expect(post.bytesSent).toBe(sentPost!.head.length + Buffer.byteLength(body));
    expect(sentPost!.body.toString()).toBe(body);
  });
});
