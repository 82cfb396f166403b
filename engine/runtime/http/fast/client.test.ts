/**
 * The fast HTTP/1.1 client end to end: the same results as the undici path (../exchange.test.ts) for statuses,
 * bodies, bytes, phases and failures, plus what only it does (connection hand-over, retries, fallback).
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_DOC, startTargetServer, TEXT_BODY, unusedPort, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { readRequestHeads } from '../../../../tests/fixtures/raw-requests.ts';
import { exchange } from '../exchange.ts';
import type { ExchangeResult, ExchangeSpec, Interruptible } from '../types.ts';
import { FastClient } from './client.ts';
import { MAX_OPENING } from './pool.ts';

let server: TargetServer;
let client: FastClient;
let fallbackUsed = 0;

beforeAll(async () => { server = await startTargetServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => {
  fallbackUsed = 0;
  const agent = new Agent();
  const dispatch = agent.dispatch.bind(agent);
  agent.dispatch = (o, h) => { fallbackUsed++; return dispatch(o, h); };
  client = new FastClient({ connections: 100, connectTimeoutMs: 2000, tls: undefined, fallback: agent });
});
afterEach(async () => { await client.close(); });

/** n bytes of noise, the same every run (xorshift32), none of them CR or LF: never an HTTP head, never a blank line. */
function noise(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    const b = x & 0xff;
    out[i] = b === 0x0d || b === 0x0a || b === 0x48 ? 0x7f : b;
  }
  return out;
}

function spec(path: string, o: Partial<ExchangeSpec> = {}): ExchangeSpec {
  return { origin: server.url, path, method: 'GET', headers: [], body: null, timeoutMs: 5000, keepAlive: true, keepBody: true, maxBodySize: 1024 * 1024, ...o };
}

function expectPhasesConsistent(r: ExchangeResult): void {
  for (const k of ['blocked', 'connecting', 'tls', 'sending', 'waiting', 'receiving', 'duration', 'headBytes'] as const) {
    expect(Number.isInteger(r[k]), k).toBe(true);
    expect(r[k], k).toBeGreaterThanOrEqual(0);
  }
  expect(r.duration).toBe(r.sending + r.waiting + r.receiving);
}

describe('FastClient against the target server', () => {
  it('a GET gives status, headers, body and consistent phases, without the fallback', async () => {
    const r = await exchange(client, spec('/json'));
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body?.toString('utf8')).toBe(JSON.stringify(JSON_DOC));
    expectPhasesConsistent(r);
    expect(r.connecting).toBeGreaterThan(0);
    expect(fallbackUsed).toBe(0);
  });

  it('sends method, headers and a body; POST bodies with multi-byte characters keep their length', async () => {
    const body = JSON.stringify({ name: 'Zoë' });
    const r = await exchange(client, spec('/echo?x=1', { method: 'POST', headers: ['x-test', 'yes', 'content-type', 'application/json'], body }));
    const echo = JSON.parse(r.body?.toString('utf8') ?? '') as { method: string; headers: Record<string, string>; body: string };
    expect(echo).toMatchObject({ method: 'POST', body });
    expect(echo.headers['x-test']).toBe('yes');
    expect(echo.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(fallbackUsed).toBe(0);
  });

  it('keeps the body only when asked, truncates at maxBodySize, and always counts the bytes', async () => {
    const dropped = await exchange(client, spec('/bytes?n=3000', { keepBody: false }));
    expect(dropped.body).toBeUndefined();
    expect(dropped.bytesReceived).toBeGreaterThan(3000);
    const cut = await exchange(client, spec('/bytes?n=3000', { maxBodySize: 1000 }));
    expect(cut.bodyTruncated).toBe(true);
    expect(cut.bytesReceived).toBe(dropped.bytesReceived);
    expect((await exchange(client, spec('/text'))).body?.toString()).toBe(TEXT_BODY);
    expect((await exchange(client, spec('/status/204'))).body).toEqual(Buffer.alloc(0));
  });

  it('reuses a kept-alive connection at once (no connecting), and opens one per concurrent request', async () => {
    await exchange(client, spec('/json'));
    const second = await exchange(client, spec('/json'));
    expect(second.connecting).toBe(0);
    const rs = await Promise.all([exchange(client, spec('/delay?ms=20')), exchange(client, spec('/delay?ms=20'))]);
    expect(rs.map((r) => r.connecting > 0).sort()).toEqual([false, true]);
    expect(client.connectionsTo(server.url)).toBe(2);
  });

  it('keepAlive false: connection: close, a new connection each time', async () => {
    for (let i = 0; i < 3; i++) expect((await exchange(client, spec('/json', { keepAlive: false }))).connecting).toBeGreaterThan(0);
  });

  it('classifies refused, reset, timeout and malformed like the undici path', async () => {
    const port = await unusedPort();
    const refused = await exchange(client, spec('/', { origin: `http://127.0.0.1:${port}` }));
    expect(refused.error?.kind).toBe('refused');
    expect(refused.error?.message).toMatch(/ECONNREFUSED/);
    expect(refused.headBytes).toBe(0);
    expectPhasesConsistent(refused);
    expect((await exchange(client, spec('/reset'))).error?.kind).toBe('reset');
    expect((await exchange(client, spec('/malformed'))).error?.kind).toBe('malformed');
    const t0 = performance.now();
    const slow = await exchange(client, spec('/hang', { timeoutMs: 300 }));
    expect(slow.error?.kind).toBe('timeout');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(250);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('hands what it does not do to the fallback: invalid paths and headers undici treats specially', async () => {
    const bad = await exchange(client, spec('no-leading-slash'));
    expect(bad.status).toBe(0);
    expect(bad.error).toBeDefined();
    const own = await exchange(client, spec('/echo', { headers: ['Connection', 'keep-alive'] }));
    expect(own.status).toBe(200);
    expect(fallbackUsed).toBe(2);
  });

  it('interrupt resolves at once with interrupted=true, before or after the request started', async () => {
    let x: Interruptible | undefined;
    const pending = exchange(client, spec('/hang', { timeoutMs: 10_000 }), (e) => { x = e; });
    await new Promise((r) => setTimeout(r, 50));
    x?.interrupt();
    const r = await pending;
    expect(r).toMatchObject({ interrupted: true, status: 0, error: undefined });
    const early = await exchange(client, spec('/json'), (e) => e.interrupt());
    expect(early.interrupted).toBe(true);
    // The interrupted request's connection is dropped (its response would arrive for nobody).
    await new Promise((r) => setTimeout(r, 20));
    expect(client.connectionsTo(server.url)).toBe(0);
  });
});

describe('FastClient against a raw server', () => {
  let raw: Server;
  let origin: string;
  const sockets = new Set<Socket>();
  let connections = 0;
  /** What the server does with the n-th request on a connection (0-based). */
  let behave: (n: number, s: Socket, head: string) => void;

  beforeAll(async () => {
    raw = createServer((s) => {
      connections++;
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      let n = 0;
      readRequestHeads(s, (head) => behave(n++, s, head));
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  beforeEach(() => { connections = 0; });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => raw.close(() => r()));
  });

  it('writes the head undici writes: headBytes plus the blank line, host from the origin', async () => {
    let seen = '';
    behave = (_n, s, head) => { seen = head; s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'); };
    const r = await exchange(client, spec('/p?q=1', { origin, headers: ['x-one', 'a', 'user-agent', 'ua/1'] }));
    expect(r.status).toBe(200);
    expect(seen).toBe(`GET /p?q=1 HTTP/1.1\r\nhost: ${origin.slice(7)}\r\nconnection: keep-alive\r\nx-one: a\r\nuser-agent: ua/1\r\n\r\n`);
    expect(seen.length).toBe(r.headBytes + 2);
    expect(r.bytesReceived).toBe('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'.length);
  });

  it('closes a connection idle for longer than the idle timeout (before a server\'s keep-alive timeout can)', async () => {
    behave = (_n, s) => { s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'); };
    const short = new FastClient({ connections: 10, connectTimeoutMs: 2000, idleTimeoutMs: 150, tls: undefined, fallback: new Agent() });
    try {
      await exchange(short, spec('/', { origin }));
      await new Promise((r) => setTimeout(r, 60));
      expect(short.connectionsTo(origin)).toBe(1); // still within the timeout
      await new Promise((r) => setTimeout(r, 250));
      expect(short.connectionsTo(origin)).toBe(0);
      const again = await exchange(short, spec('/', { origin }));
      expect(again.status).toBe(200);
      expect(again.connecting).toBeGreaterThan(0); // a new connection
      expect(connections).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('follows the server\'s Keep-Alive: timeout hint as undici does: idle for the timeout minus 2 s, not reused at 2 s or less', async () => {
    let hint = 2;
    behave = (_n, s) => { s.write(`HTTP/1.1 200 OK\r\nKeep-Alive: timeout=${hint}\r\nContent-Length: 2\r\n\r\nok`); };
    await exchange(client, spec('/', { origin }));
    await new Promise((r) => setTimeout(r, 20));
    expect(client.connectionsTo(origin)).toBe(0); // timeout=2: closed at once
    hint = 3; // 1 s of idle at most
    await exchange(client, spec('/', { origin }));
    await new Promise((r) => setTimeout(r, 600));
    expect(client.connectionsTo(origin)).toBe(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(client.connectionsTo(origin)).toBe(0);
    expect(connections).toBe(2);
  });

  it('a GET that meets a kept-alive connection the server just dropped is retried once on a new one', async () => {
    behave = (n, s) => { if (n === 0) s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'); else s.destroy(); };
    expect((await exchange(client, spec('/a', { origin }))).status).toBe(200);
    const again = await exchange(client, spec('/b', { origin }));
    expect(again.status).toBe(200);
    expect(connections).toBe(2);
    // A POST is not retried: the server may have acted on it.
    const post = await exchange(client, spec('/c', { origin, method: 'POST', body: 'x' }));
    expect(post.error?.kind).toBe('reset');
  });

  it('with a connection limit, a request waits for the busy connection and gets it as soon as it is free', async () => {
    const limited = new FastClient({ connections: 1, connectTimeoutMs: 2000, tls: undefined, fallback: new Agent() });
    behave = (_n, s) => setTimeout(() => s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), 20);
    try {
      const rs = await Promise.all([1, 2, 3].map(() => exchange(limited, spec('/', { origin }))));
      expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(connections).toBe(1);
      expect(Math.max(...rs.map((r) => r.blocked))).toBeGreaterThan(15_000); // the last one queued ~40 ms
    } finally {
      await limited.close();
    }
  });

  it('chunked, read-until-close and connection: close responses', async () => {
    behave = (n, s) => {
      if (n === 0) s.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n');
      else s.end('HTTP/1.1 200 OK\r\n\r\nuntil close');
    };
    const chunked = await exchange(client, spec('/', { origin }));
    expect(chunked.body?.toString()).toBe('abc');
    const untilClose = await exchange(client, spec('/', { origin }));
    expect(untilClose.status).toBe(200);
    expect(untilClose.body?.toString()).toBe('until close');
    expect(connections).toBe(1);
    behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    await exchange(client, spec('/', { origin }));
    await exchange(client, spec('/', { origin }));
    expect(connections).toBe(3);
  });

  it('a 100 Continue before the response is skipped; a HEAD response has no body', async () => {
    behave = (n, s) => s.write(n === 0 ? 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx' : 'HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n');
    expect((await exchange(client, spec('/', { origin }))).status).toBe(201);
    const head = await exchange(client, spec('/', { origin, method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.body).toEqual(Buffer.alloc(0));
  });

  it('malformed responses are counted errors and the connection is dropped', async () => {
    let answered = 0;
    behave = (_n, s) => s.write(answered++ === 0 ? 'HTTP/1.1 200 OK\r\nBad Header\r\n\r\n' : 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    expect((await exchange(client, spec('/', { origin }))).error?.kind).toBe('malformed');
    expect((await exchange(client, spec('/', { origin }))).status).toBe(200);
    expect(connections).toBe(2);
  });

  it('a response cut anywhere (head mid-line, chunk sizes, data) over several reads gives the same result', async () => {
    const wire = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\n\r\n';
    behave = (_n, s) => {
      const cuts = [7, 20, 38, 60, 64, 70, 90, wire.length];
      let from = 0;
      const next = (k: number): void => {
        const to = cuts[k]!;
        s.write(wire.slice(from, to));
        from = to;
        if (k + 1 < cuts.length) setTimeout(() => next(k + 1), 2);
      };
      next(0);
    };
    const r = await exchange(client, spec('/', { origin }));
    expect(r.error).toBeUndefined();
    expect(r.headers['content-type']).toBe('text/plain');
    expect(r.body?.toString()).toBe('helloabcdefghijklmnopqrstuvwxyz');
    expect(r.bytesReceived).toBe(wire.length);
    expect(r.receiving).toBeGreaterThan(0);
    expect((await exchange(client, spec('/', { origin }))).status).toBe(200);
    expect(connections).toBe(1); // complete responses: the connection is reused
  });

  it('two responses in one read (unasked pipelining) or bytes after a response: the connection is not reused', async () => {
    const ok = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
    behave = (n, s) => s.write(n === 0 ? ok + ok : ok);
    expect((await exchange(client, spec('/', { origin }))).body?.toString()).toBe('ok');
    expect((await exchange(client, spec('/', { origin }))).status).toBe(200);
    expect(connections).toBe(2);
    behave = (_n, s) => { s.write(ok); setTimeout(() => s.write('junk'), 5); };
    expect((await exchange(client, spec('/', { origin }))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 30));
    const after = await exchange(client, spec('/', { origin }));
    expect(after.error).toBeUndefined();
    expect(connections).toBe(4); // the connection that got junk while idle was dropped, not handed out
  });

  it('bytes that are not HTTP (random bytes, a TLS alert) are malformed on both clients, also when the server closes before a blank line', async () => {
    const agent = new Agent();
    try {
      for (const bytes of [noise(4096), Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x32])]) {
        behave = (_n, s) => s.end(bytes);
        for (const via of [client, agent]) {
          const r = await exchange(via, spec('/', { origin }));
          expect(r.error?.kind, `${bytes.length} bytes via ${via === client ? 'fast' : 'undici'}: ${r.error?.message}`).toBe('malformed');
        }
      }
      expect(fallbackUsed).toBe(0);
    } finally {
      await agent.close();
    }
  });

  it('a body read until the close is complete when the close comes as a reset, on both clients (as undici)', async () => {
    behave = (_n, s) => s.write('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the reset', () => s.resetAndDestroy());
    const agent = new Agent();
    try {
      for (const via of [client, agent]) {
        const r = await exchange(via, spec('/', { origin }));
        expect(r.error, via === client ? 'fast' : 'undici').toBeUndefined();
        expect(r.status).toBe(200);
        expect(r.body?.toString()).toBe('until the reset');
      }
    } finally {
      await agent.close();
    }
    // A body of announced length that a reset cuts short is still a reset.
    behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort', () => s.resetAndDestroy());
    expect((await exchange(client, spec('/', { origin }))).error?.kind).toBe('reset');
  });

  it('an oversized head is a malformed error, and the run goes on', async () => {
    let n = 0;
    behave = (_k, s) => s.write(n++ === 0 ? `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(70 * 1024)}\r\n\r\n` : 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    const big = await exchange(client, spec('/', { origin }));
    expect(big.error?.kind).toBe('malformed');
    expect(big.status).toBe(0);
    expect((await exchange(client, spec('/', { origin }))).status).toBe(200);
  });

  it('a timeout waiting for the response or while receiving it is a timeout error naming the phase; the connection is dropped', async () => {
    behave = () => { /* never answers */ };
    const headers = await exchange(client, spec('/', { origin, timeoutMs: 100 }));
    expect(headers.error?.kind).toBe('timeout');
    expect(headers.error?.message).toMatch(/^request timeout \(100ms\) reached waiting for the response/);
    behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
    const body = await exchange(client, spec('/', { origin, timeoutMs: 100 }));
    expect(body.error?.kind).toBe('timeout');
    expect(body.error?.message).toMatch(/^request timeout \(100ms\) reached while receiving the response/);
    expect(body.bytesReceived).toBeGreaterThan(0);
    expect(client.connectionsTo(origin)).toBe(0);
  });

  it('a kept-alive connection the server closed while idle is forgotten: the next request opens a new one, no error', async () => {
    behave = (_n, s) => { s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'); setTimeout(() => s.end(), 5); };
    expect((await exchange(client, spec('/', { origin }))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 30));
    const next = await exchange(client, spec('/', { origin }));
    expect(next.error).toBeUndefined();
    expect(next.connecting).toBeGreaterThan(0);
    expect(connections).toBe(2);
  });

  it('a timeout of 0 is no timeout (as for undici); bytes dripping in do not extend the timeout', async () => {
    behave = (_n, s) => setTimeout(() => s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), 150);
    const none = await exchange(client, spec('/', { origin, timeoutMs: 0 }));
    expect(none.error).toBeUndefined();
    expect(none.status).toBe(200);
    behave = (_n, s) => {
      s.write('HTTP/1.1 200 OK\r\n');
      const drip = setInterval(() => { if (s.writable) s.write('x-drip: 1\r\n'); else clearInterval(drip); }, 30);
      s.once('close', () => clearInterval(drip));
    };
    const t = performance.now();
    const dripped = await exchange(client, spec('/', { origin, timeoutMs: 150 }));
    expect(dripped.error?.message).toMatch(/^request timeout \(150ms\)/);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('an idle connection the server has just closed is not written to: a POST goes on a new connection, no error', async () => {
    behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    expect((await exchange(client, spec('/', { origin }))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
    for (const s of sockets) s.destroy(); // the FIN is on its way, not yet seen by the client's event loop
    const post = await exchange(client, spec('/', { origin, method: 'POST', body: 'x' }));
    expect(post.error).toBeUndefined();
    expect(post.status).toBe(200);
    expect(connections).toBe(2);
  });

  it('a 204 that announces a body anyway is answered, and its connection is not reused', async () => {
    let answered = 0; // across connections (behave's n counts per connection)
    behave = (_n, s) => s.write(answered++ === 0 ? 'HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n' : 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    expect((await exchange(client, spec('/', { origin }))).status).toBe(204);
    const next = await exchange(client, spec('/', { origin }));
    expect(next.status).toBe(200);
    expect(connections).toBe(2);
  });

  it('two Host headers go to undici, which refuses them', async () => {
    const r = await exchange(client, spec('/', { origin, headers: ['host', 'a.test', 'Host', 'b.test'] }));
    expect(fallbackUsed).toBe(1);
    expect(r.error).toBeDefined();
  });

  it('close() fails the requests still queued for a connection', async () => {
    const one = new FastClient({ connections: 1, connectTimeoutMs: 2000, tls: undefined, fallback: new Agent() });
    behave = () => { /* never answers */ };
    const pending = [1, 2, 3].map(() => exchange(one, spec('/', { origin, timeoutMs: 10_000 })));
    await new Promise((r) => setTimeout(r, 30));
    await one.close();
    const rs = await Promise.all(pending);
    expect(rs.every((r) => r.error !== undefined && r.status === 0)).toBe(true);
  });

  it('a burst of concurrent requests opens connections in waves of at most MAX_OPENING, and still one per request in flight', async () => {
    const n = MAX_OPENING + 40;
    const wide = new FastClient({ connections: 1000, connectTimeoutMs: 2000, tls: undefined, fallback: new Agent() });
    behave = (_n, s) => setTimeout(() => s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), 50);
    try {
      const rs = await Promise.all(Array.from({ length: n }, () => exchange(wide, spec('/', { origin }))));
      expect(rs.every((r) => r.status === 200)).toBe(true);
      expect(connections).toBe(n); // every request held its connection 50 ms: none could share
      expect(rs.filter((r) => r.connecting > 0).length).toBe(n); // each connection charged to one request
    } finally {
      await wide.close();
    }
  });
});

describe('FastClient, connection failures in a burst', () => {
  it('each queued request gets its own attempt and its own refused error', async () => {
    const port = await unusedPort();
    const rs = await Promise.all(Array.from({ length: MAX_OPENING + 10 }, () => exchange(client, spec('/', { origin: `http://127.0.0.1:${port}` }))));
    expect(rs.map((r) => r.error?.kind)).toEqual(rs.map(() => 'refused'));
    expect(rs.every((r) => r.headBytes === 0 && r.status === 0)).toBe(true);
  });

  it('close() resolves once every socket is closed, and a request after it fails instead of opening a connection', async () => {
    const own = new FastClient({ connections: 10, connectTimeoutMs: 2000, tls: undefined, fallback: new Agent() });
    await Promise.all([1, 2, 3].map(() => exchange(own, spec('/delay?ms=1'))));
    expect(own.connectionsTo(server.url)).toBe(3);
    const pending = exchange(own, spec('/hang', { timeoutMs: 10_000 }));
    await new Promise((r) => setTimeout(r, 20));
    await own.close();
    const r = await pending;
    expect(r.error).toBeDefined(); // cut by the close
    expect(own.connectionsTo(server.url)).toBe(0);
    const after = await exchange(own, spec('/json'));
    expect(after.status).toBe(0);
    expect(after.error).toBeDefined();
    expect(own.connectionsTo(server.url)).toBe(0);
  });
});
