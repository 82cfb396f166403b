/**
 * Conformance, failures: both clients count the same failure as the same kind (refused, reset, malformed, ...) with
 * status 0 and no response, go on after it (a later request is answered), report an invalid request instead of
 * throwing, and end an interrupted exchange (hard stop) at once, as not measured. Timeouts: timeouts.test.ts;
 * TLS: tls.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, unusedPort, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { exchange } from '../exchange.ts';
import { MAX_OPENING } from '../fast/pool.ts';
import type { Interruptible } from '../types.ts';
import {
  CLIENTS,
  expectPhasesConsistent,
  request,
  sleep,
  socketFreed,
  startRawServer,
  useClient,
  withClient,
  type RawServer,
} from './testing.ts';

let target: TargetServer;
let raw: RawServer;
beforeAll(async () => {
  target = await startTargetServer();
  raw = await startRawServer();
});
afterAll(async () => {
  await target.close();
  await raw.close();
});

/** n bytes of noise, the same every run (xorshift32), none of them CR, LF or 'H': never an HTTP head. */
function noise(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const b = x & 0xff;
    out[i] = b === 0x0d || b === 0x0a || b === 0x48 ? 0x7f : b;
  }
  return out;
}

describe.each(CLIENTS)('%s client: failures', (name) => {
  const c = useClient(name);
  const get = (path: string, o = {}) => exchange(c.dispatcher, request(target.url, path, o));
  const rawGet = (o = {}) => exchange(c.dispatcher, request(raw.origin, '/', o));
  beforeEach(() => {
    raw.reset();
  });

  it('connection refused: no response, no head written, no connection phases', async () => {
    const port = await unusedPort();
    const r = await exchange(c.dispatcher, request(`http://127.0.0.1:${port}`, '/'));
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('refused');
    expect(r.error?.message).toMatch(/ECONNREFUSED/);
    expect(r.headers).toEqual({});
    expect(r.body).toBeUndefined();
    expect(r.interrupted).toBe(false);
    expect(r.headBytes).toBe(0);
    expect(r.connecting).toBe(0);
    expect(r.tls).toBe(0);
    expectPhasesConsistent(r);
  });

  it('a burst to a refusing port, wider than the fast client opens at once: each request gets its own refused error', async () => {
    const port = await unusedPort();
    const rs = await Promise.all(
      Array.from({ length: MAX_OPENING + 10 }, () => exchange(c.dispatcher, request(`http://127.0.0.1:${port}`, '/'))),
    );
    expect(rs.map((r) => r.error?.kind)).toEqual(rs.map(() => 'refused'));
    expect(rs.every((r) => r.headBytes === 0 && r.status === 0)).toBe(true);
  });

  it('reset by the server', async () => {
    const r = await get('/reset');
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('reset');
  });

  it('a malformed response (a status that is not a number)', async () => {
    const r = await get('/malformed');
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('malformed');
  });

  it('a malformed response is counted and its connection dropped; the next request is answered', async () => {
    let answered = 0;
    raw.behave = (_n, s) =>
      s.write(
        answered++ === 0 ? 'HTTP/1.1 200 OK\r\nBad Header\r\n\r\n' : 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
      );
    expect((await rawGet()).error?.kind).toBe('malformed');
    await socketFreed();
    expect((await rawGet()).status).toBe(200);
    expect(raw.connections).toBe(2);
  });

  it('bytes that are not HTTP (random bytes, a TLS alert) are malformed, also when the server closes before a blank line', async () => {
    for (const bytes of [noise(4096), Buffer.from([0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x32])]) {
      raw.behave = (_n, s) => s.end(bytes);
      const r = await rawGet();
      expect(r.error?.kind, `${bytes.length} bytes: ${r.error?.message}`).toBe('malformed');
    }
  });

  it('a head larger than the client reads is malformed, and the next request is answered', async () => {
    let n = 0;
    raw.behave = (_k, s) =>
      s.write(
        n++ === 0
          ? `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(70 * 1024)}\r\n\r\n`
          : 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
      );
    const big = await rawGet();
    expect(big.error?.kind).toBe('malformed');
    expect(big.status).toBe(0);
    expect((await rawGet()).status).toBe(200);
  });

  it('a body read until the close is complete when the close comes as a reset (as undici counts it)', async () => {
    raw.behave = (_n, s) =>
      s.write('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the reset', () => s.resetAndDestroy());
    const r = await rawGet();
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(200);
    expect(r.body?.toString()).toBe('until the reset');
  });

  it('a body of announced length that a reset cuts short is a reset', async () => {
    raw.behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort', () => s.resetAndDestroy());
    const r = await rawGet();
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('reset');
  });

  it('an invalid request is reported, not thrown (the fast client leaves it to undici)', async () => {
    c.handsToUndici(1);
    const r = await get('no-leading-slash');
    expect(r.status).toBe(0);
    expect(r.error).toBeDefined();
    expect(r.interrupted).toBe(false);
  });

  it('two Host headers are refused, not sent (the fast client leaves them to undici)', async () => {
    c.handsToUndici(1);
    const r = await rawGet({ headers: ['host', 'a.test', 'Host', 'b.test'] });
    expect(r.status).toBe(0);
    expect(r.error).toBeDefined();
    expect(raw.requests).toHaveLength(0);
  });

  it('interrupt() resolves at once with interrupted=true and no error, and the connection is dropped', async () => {
    let x: Interruptible | undefined;
    const pending = exchange(c.dispatcher, request(target.url, '/hang', { timeoutMs: 10_000 }), (e) => {
      x = e;
    });
    await sleep(50);
    const t0 = performance.now();
    x?.interrupt();
    const r = await pending;
    expect(performance.now() - t0).toBeLessThan(100);
    expect(r).toMatchObject({ interrupted: true, status: 0, error: undefined });
    expectPhasesConsistent(r);
    // Its response would arrive for nobody.
    await sleep(20);
    expect(c.openConnections(target.url)).toBe(0);
  });

  it('interrupt() before the request started: it still resolves once', async () => {
    let resolved = 0;
    let x: Interruptible | undefined;
    const r = await exchange(c.dispatcher, request(target.url, '/json'), (e) => {
      x = e;
      e.interrupt();
    }).then((res) => {
      resolved++;
      return res;
    });
    x?.interrupt(); // a second call is a no-op
    await sleep(20);
    expect(resolved).toBe(1);
    expect(r.interrupted).toBe(true);
    expect(r.status).toBe(0);
  });

  it('close() fails the requests still in flight or queued for a connection', async () => {
    raw.behave = () => {
      /* never answers */
    };
    // One request in flight, two queued; withClient's own close after it finds nothing left to close.
    await withClient(name, { connections: 1 }, async (one) => {
      const pending = [1, 2, 3].map(() => exchange(one.dispatcher, request(raw.origin, '/', { timeoutMs: 10_000 })));
      await sleep(30);
      await one.close();
      const rs = await Promise.all(pending);
      expect(rs.every((r) => r.error !== undefined && r.status === 0)).toBe(true);
    });
  });
});
