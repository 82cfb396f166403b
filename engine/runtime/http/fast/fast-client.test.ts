/**
 * What only the fast HTTP/1.1 client does, end to end. What both clients must do alike (statuses, bodies, bytes,
 * phases, errors, timeouts, TLS, kept-alive connections) is the conformance suite's (../conformance/), run against
 * both; pipelining: ./pipelining.test.ts.
 */
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { ok, request, sleep, startRawServer, type RawServer } from '../conformance/testing.ts';
import { exchange } from '../exchange.ts';
import { FastClient } from './client.ts';
import { MAX_OPENING } from './pool.ts';

let target: TargetServer;
let raw: RawServer;
let client: FastClient;

beforeAll(async () => {
  target = await startTargetServer();
  raw = await startRawServer();
});
afterAll(async () => {
  await target.close();
  await raw.close();
});
beforeEach(() => {
  raw.reset();
  client = new FastClient({ connections: 100, connectTimeoutMs: 2000, tls: undefined, fallback: new Agent() });
});
afterEach(async () => {
  await client.close();
});

const send = (o = {}) => exchange(client, request(raw.origin, '/', o));

describe('FastClient, request heads', () => {
  it('keeps the first heads as bytes, then writes each from its header list, the same bytes', async () => {
    const few = new FastClient({
      connections: 4,
      connectTimeoutMs: 2000,
      cachedHeads: 2,
      tls: undefined,
      fallback: new Agent(),
    });
    raw.behave = (_n, sock) => sock.write(ok());
    try {
      // Four steps with header lists of their own, each sent twice (as VUs sharing a step do).
      const lists = [0, 1, 2, 3].map((i) => ['x-step', String(i), 'accept', '*/*']);
      for (const round of [0, 1])
        for (const [i, headers] of lists.entries())
          expect((await exchange(few, request(raw.origin, `/s${i}?r=${round}`, { headers }))).status).toBe(200);
      expect(few.keptHeads).toBe(2);
      const host = raw.origin.slice('http://'.length);
      const heads = raw.requests.map((r) => r.head);
      expect(heads).toHaveLength(8);
      for (const [n, head] of heads.entries())
        expect(head).toBe(
          `GET /s${n % 4}?r=${n < 4 ? 0 : 1} HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\nx-step: ${n % 4}\r\naccept: */*\r\n\r\n`,
        );
    } finally {
      await few.close();
    }
  });
});

describe('FastClient, request heads of one request', () => {
  it('keeps no head for a header list that is its request alone (headersOnce), and sends the same bytes', async () => {
    raw.behave = (_n, sock) => sock.write(ok());
    // As a step past MEMOIZED_REQUESTS (vu/render.ts) or a redirect hop: a new list of the same headers each time.
    for (const round of [0, 1]) {
      const get = request(raw.origin, `/g?r=${round}`, {
        headers: ['x-step', 'g', 'accept', '*/*'],
        headersOnce: true,
      });
      expect((await exchange(client, get)).status).toBe(200);
      const post = request(raw.origin, '/p', {
        method: 'POST',
        headers: ['x-step', 'p'],
        body: `body ${round}`,
        headersOnce: true,
      });
      expect((await exchange(client, post)).status).toBe(200);
    }
    expect(client.keptHeads).toBe(0);
    const host = raw.origin.slice('http://'.length);
    expect(raw.requests.map((r) => r.head)).toEqual(
      [0, 1].flatMap((round) => [
        `GET /g?r=${round} HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\nx-step: g\r\naccept: */*\r\n\r\n`,
        `POST /p HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\nx-step: p\r\ncontent-length: 6\r\n\r\n`,
      ]),
    );
    expect(raw.requests.map((r) => r.body.toString())).toEqual(['', 'body 0', '', 'body 1']);
    // The same list without the flag is kept, as before.
    const headers = ['x-step', 'k'];
    await exchange(client, request(raw.origin, '/k', { headers }));
    await exchange(client, request(raw.origin, '/k', { headers }));
    expect(client.keptHeads).toBe(1);
  });
});

describe('FastClient, what undici does otherwise', () => {
  it('reuses a kept-alive connection at once, without a turn of the event loop (undici waits one)', async () => {
    await exchange(client, request(target.url, '/json'));
    const second = await exchange(client, request(target.url, '/json'));
    expect(second.connecting).toBe(0);
    const rs = await Promise.all([
      exchange(client, request(target.url, '/delay?ms=20')),
      exchange(client, request(target.url, '/delay?ms=20')),
    ]);
    expect(rs.map((r) => r.connecting > 0).sort()).toEqual([false, true]);
    expect(client.connectionsTo(target.url)).toBe(2);
  });

  it('a GET that meets a kept-alive connection the server just dropped is retried once on a new one (undici: reset)', async () => {
    raw.behave = (n, s) => {
      if (n === 0) s.write(ok());
      else s.destroy();
    };
    expect((await send({ path: '/a' })).status).toBe(200);
    const again = await send({ path: '/b' });
    expect(again.status).toBe(200);
    expect(raw.connections).toBe(2);
    // A POST is not retried: the server may have acted on it.
    const post = await send({ path: '/c', method: 'POST', body: 'x' });
    expect(post.error?.kind).toBe('reset');
  });

  it('skips an unasked 100 Continue before the response, as RFC 9110 15.2 asks (undici: "bad response", a reset)', async () => {
    raw.behave = (_n, s) => s.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx');
    const r = await send();
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(201);
    expect(r.body?.toString()).toBe('x');
  });

  it("closes a connection idle for longer than its idle timeout (before a server's keep-alive timeout can)", async () => {
    raw.behave = (_n, s) => {
      s.write(ok());
    };
    const short = new FastClient({
      connections: 10,
      connectTimeoutMs: 2000,
      idleTimeoutMs: 150,
      tls: undefined,
      fallback: new Agent(),
    });
    try {
      await exchange(short, request(raw.origin, '/'));
      await sleep(60);
      expect(short.connectionsTo(raw.origin)).toBe(1); // still within the timeout
      await sleep(250);
      expect(short.connectionsTo(raw.origin)).toBe(0);
      const again = await exchange(short, request(raw.origin, '/'));
      expect(again.status).toBe(200);
      expect(again.connecting).toBeGreaterThan(0); // a new connection
      expect(raw.connections).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('a burst of concurrent requests opens connections in waves of at most MAX_OPENING, and still one per request in flight', async () => {
    const n = MAX_OPENING + 40;
    const wide = new FastClient({ connections: 1000, connectTimeoutMs: 2000, tls: undefined, fallback: new Agent() });
    raw.behave = (_n, s) => setTimeout(() => s.write(ok()), 50);
    try {
      const rs = await Promise.all(Array.from({ length: n }, () => exchange(wide, request(raw.origin, '/'))));
      expect(rs.every((r) => r.status === 200)).toBe(true);
      expect(raw.connections).toBe(n); // every request held its connection 50 ms: none could share
      expect(rs.filter((r) => r.connecting > 0).length).toBe(n); // each connection charged to one request
    } finally {
      await wide.close();
    }
  });
});
