/**
 * The request timeout covers a request's whole life on both clients, as k6's does: waiting for a free connection,
 * connecting, a TLS handshake that never finishes. A stuck handshake stalls only the request it was opened for.
 * Against servers the tests start (tests/fixtures). Pipelined requests: fast/pipelining.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../../tests/fixtures/target-server.ts';
import { startStallingTls, type StallingTls } from '../../../tests/fixtures/stalling-tls.ts';
import { makeTestPki, type TestPki } from '../../../tests/fixtures/tls.ts';
import { createAgent, createClient } from './dispatchers.ts';
import { exchange } from './exchange.ts';
import type { ExchangeSpec } from './types.ts';
import type { ConnectionProfile } from './connection-profile.ts';

/** Longer than any test: a request that ends sooner ended by its own timeout. */
const CONNECT_TIMEOUT_MS = 20_000;

let pki: TestPki;
let target: TargetServer;
beforeAll(async () => { pki = makeTestPki(); target = await startTargetServer(); });
afterAll(async () => { await target.close(); });

const spec = (origin: string, path: string, timeoutMs: number): ExchangeSpec => (
  { origin, path, method: 'GET', headers: [], body: null, timeoutMs, keepAlive: true, keepBody: false, maxBodySize: 1024 });

/** https with http1 goes through the fast client; with auto, through undici (ALPN may choose HTTP/2). */
const VIA = [['fast', 'http1'], ['undici', 'auto']] as const;
const profile = (protocol: 'http1' | 'auto'): ConnectionProfile => ({ protocol, insecure: false, ca: pki.ca });

describe.each(VIA)('request timeout, %s client', (_name, protocol) => {
  let server: StallingTls | undefined;
  afterAll(async () => { await server?.close(); });

  it('a TLS handshake that never finishes ends its request at the timeout; a request after it gets its own connection', async () => {
    // Connection 1 is held. The first request settles the protocol: undici (auto) holds every request to an origin
    // back until its first TLS connection says whether it speaks HTTP/2; after that it opens one per request too.
    server = await startStallingTls((n) => (n === 1 ? Infinity : 0), pki);
    const client = createClient(profile(protocol), { connections: 10, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    const once = (ms: number): ExchangeSpec => ({ ...spec(server!.url, '/', ms), keepAlive: false });
    try {
      expect((await exchange(client, once(2000))).status).toBe(200);
      const first = exchange(client, once(300));
      await new Promise((r) => setTimeout(r, 30));
      const second = await exchange(client, once(2000));
      expect(second.error).toBeUndefined();
      expect(second.status).toBe(200); // not stalled behind the stuck handshake
      expect(second.connecting).toBeGreaterThan(0); // on a connection of its own
      const stuck = await first;
      expect(stuck.error?.kind).toBe('timeout');
      expect(stuck.error?.message).toMatch(/^request timeout \(300ms\) reached waiting for a connection: /);
      if (protocol === 'http1') expect(stuck.error?.message).toMatch(/the TLS handshake with 127\.0\.0\.1:\d+ did not finish/);
      expect(stuck.blocked).toBeGreaterThanOrEqual(300_000);
      expect(stuck.blocked).toBeLessThan(3_000_000);
      expect(server.held()).toBe(1);
      expect(server.accepted()).toBe(3);
    } finally {
      await client.close?.();
      await server.close();
      server = undefined;
    }
  });

  it('requests queued behind a connection that never finishes opening each end at their own timeout', async () => {
    server = await startStallingTls(() => Infinity, pki);
    const client = createClient(profile(protocol), { connections: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    try {
      const rs = await Promise.all([300, 300, 300].map((ms) => exchange(client, spec(server!.url, '/', ms))));
      expect(rs.map((r) => r.error?.kind)).toEqual(['timeout', 'timeout', 'timeout']);
      for (const r of rs) expect(r.blocked).toBeLessThan(3_000_000); // not one connect timeout after another
    } finally {
      await client.close?.();
      await server.close();
      server = undefined;
    }
  });
});

describe.each(VIA)('request timeout while waiting for a free connection, %s client', (name) => {
  it('a request queued behind a hung one ends at its own timeout, not when the connection frees', async () => {
    const limited = name === 'fast'
      ? createClient({ protocol: 'auto', insecure: false }, { connections: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS })
      : createAgent({ protocol: 'http1', insecure: false }, { connections: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    try {
      const hung = exchange(limited, spec(target.url, '/hang', 1500));
      const queued = await exchange(limited, spec(target.url, '/json', 200));
      expect(queued.error?.kind).toBe('timeout');
      expect(queued.error?.message).toMatch(/^request timeout \(200ms\) reached waiting for a connection/);
      expect(queued.blocked).toBeLessThan(1_500_000); // before the hung request freed the connection
      expect((await hung).error?.message).toMatch(/^request timeout \(1\.5s\) reached waiting for the response|Headers Timeout/);
    } finally {
      await ('close' in limited ? limited.close() : Promise.resolve());
    }
  });
});
