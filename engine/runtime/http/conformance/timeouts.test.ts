/**
 * Conformance, the request timeout: it covers a request's whole life on both clients, as k6's does: waiting for a
 * free connection, connecting, a TLS handshake that never finishes, waiting for and receiving the response. A stuck
 * handshake stalls only the request it was opened for. 0 is no timeout. Pipelined requests: fast/pipelining.test.ts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { startStallingTls, type StallingTls } from '../../../../tests/fixtures/stalling-tls.ts';
import { makeTestPki, type TestPki } from '../../../../tests/fixtures/tls.ts';
import { exchange } from '../exchange.ts';
import type { ExchangeSpec } from '../types.ts';
import { CLIENTS, request, sleep, startRawServer, useClient, withClient, type RawServer } from './testing.ts';

/** Longer than any test: a request that ends sooner ended by its own timeout. */
const CONNECT_TIMEOUT_MS = 20_000;

let pki: TestPki;
let target: TargetServer;
let raw: RawServer;
beforeAll(async () => {
  pki = makeTestPki();
  target = await startTargetServer();
  raw = await startRawServer();
});
afterAll(async () => {
  await target.close();
  await raw.close();
});

const spec = (origin: string, path: string, timeoutMs: number, o: Partial<ExchangeSpec> = {}): ExchangeSpec =>
  request(origin, path, { timeoutMs, keepBody: false, ...o });

describe.each(CLIENTS)('%s client: the request timeout', (name) => {
  const c = useClient(name);
  beforeEach(() => {
    raw.reset();
  });
  /** The message naming the phase. undici's own headers and body timeouts (started once the request is written, the
   * same length) may fire before the request timeout's next check (every SWEEP_MS): then it is undici's message. */
  const named = (phase: RegExp): RegExp =>
    name === 'fast' ? phase : new RegExp(`${phase.source}|^(Headers|Body) Timeout Error`);

  it('ends a request waiting for its response at the timeout', async () => {
    const t0 = performance.now();
    const r = await exchange(c.dispatcher, spec(target.url, '/hang', 300));
    const elapsed = performance.now() - t0;
    expect(r.status).toBe(0);
    expect(r.error?.kind).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it('waiting for the response or while receiving it: a timeout error, and the connection is dropped', async () => {
    raw.behave = () => {
      /* never answers */
    };
    const headers = await exchange(c.dispatcher, spec(raw.origin, '/', 100));
    expect(headers.error?.kind).toBe('timeout');
    expect(headers.error?.message).toMatch(named(/^request timeout \(100ms\) reached waiting for the response/));
    raw.behave = (_n, s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
    const body = await exchange(c.dispatcher, spec(raw.origin, '/', 100));
    expect(body.error?.kind).toBe('timeout');
    expect(body.error?.message).toMatch(named(/^request timeout \(100ms\) reached while receiving the response/));
    expect(body.bytesReceived).toBeGreaterThan(0);
    await sleep(20);
    expect(c.openConnections(raw.origin)).toBe(0);
  });

  it('a timeout of 0 is no timeout; bytes dripping in do not extend the timeout', async () => {
    raw.behave = (_n, s) => setTimeout(() => s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), 150);
    const none = await exchange(c.dispatcher, spec(raw.origin, '/', 0));
    expect(none.error).toBeUndefined();
    expect(none.status).toBe(200);
    raw.behave = (_n, s) => {
      s.write('HTTP/1.1 200 OK\r\n');
      const drip = setInterval(() => {
        if (s.writable) s.write('x-drip: 1\r\n');
        else clearInterval(drip);
      }, 30);
      s.once('close', () => clearInterval(drip));
    };
    const t = performance.now();
    const dripped = await exchange(c.dispatcher, spec(raw.origin, '/', 150));
    expect(dripped.error?.kind).toBe('timeout');
    expect(dripped.error?.message).toMatch(named(/^request timeout \(150ms\)/));
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('a request queued behind a hung one ends at its own timeout, not when the connection frees', async () => {
    await withClient(name, { connections: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS }, async (limited) => {
      const hung = exchange(limited.dispatcher, spec(target.url, '/hang', 1500));
      const queued = await exchange(limited.dispatcher, spec(target.url, '/json', 200));
      expect(queued.error?.kind).toBe('timeout');
      expect(queued.error?.message).toMatch(/^request timeout \(200ms\) reached waiting for a connection/);
      expect(queued.blocked).toBeLessThan(1_500_000); // before the hung request freed the connection
      expect((await hung).error?.message).toMatch(
        /^request timeout \(1\.5s\) reached waiting for the response|Headers Timeout/,
      );
    });
  });

  describe('against a server that holds TLS handshakes', () => {
    let server: StallingTls | undefined;
    const tls = (connections: number) => ({
      connections,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      profile: { ca: pki.ca },
    });
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('a TLS handshake that never finishes ends its request at the timeout; a request after it gets its own connection', async () => {
      // Connection 1 is held. The first request settles the protocol: undici (auto) holds every request to an origin
      // back until its first TLS connection says whether it speaks HTTP/2; after that it opens one per request too.
      server = await startStallingTls((n) => (n === 1 ? Infinity : 0), pki);
      const once = (ms: number): ExchangeSpec => spec(server!.url, '/', ms, { keepAlive: false });
      await withClient(name, tls(10), async (client) => {
        expect((await exchange(client.dispatcher, once(2000))).status).toBe(200);
        const first = exchange(client.dispatcher, once(300));
        await sleep(30);
        const second = await exchange(client.dispatcher, once(2000));
        expect(second.error).toBeUndefined();
        expect(second.status).toBe(200); // not stalled behind the stuck handshake
        expect(second.connecting).toBeGreaterThan(0); // on a connection of its own
        const stuck = await first;
        expect(stuck.error?.kind).toBe('timeout');
        expect(stuck.error?.message).toMatch(/^request timeout \(300ms\) reached waiting for a connection: /);
        // The fast client knows its connection's state; undici's pool does not say.
        if (name === 'fast')
          expect(stuck.error?.message).toMatch(/the TLS handshake with 127\.0\.0\.1:\d+ did not finish/);
        else expect(stuck.error?.message).toMatch(/no connection to https:\/\/127\.0\.0\.1:\d+ was ready/);
        expect(stuck.blocked).toBeGreaterThanOrEqual(300_000);
        expect(stuck.blocked).toBeLessThan(3_000_000);
        expect(server!.held()).toBe(1);
        expect(server!.accepted()).toBe(3);
      });
    });

    it('requests queued behind a connection that never finishes opening each end at their own timeout', async () => {
      server = await startStallingTls(() => Infinity, pki);
      await withClient(name, tls(1), async (client) => {
        const rs = await Promise.all(
          [300, 300, 300].map((ms) => exchange(client.dispatcher, spec(server!.url, '/', ms))),
        );
        expect(rs.map((r) => r.error?.kind)).toEqual(['timeout', 'timeout', 'timeout']);
        for (const r of rs) expect(r.blocked).toBeLessThan(3_000_000); // not one connect timeout after another
      });
    });
  });
});
