/**
 * Conformance, phases (k6's http_req_*): duration = sending + waiting + receiving on both clients; connecting and
 * TLS handshaking are charged once, to the request a new connection was opened for, and come from the socket's own
 * events (not the JavaScript that ran before Node made the connect system call: that is blocked time).
 */
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../../../tests/fixtures/target-server.ts';
import { makeTestPki, type TestPki } from '../../../../tests/fixtures/tls.ts';
import { exchange } from '../exchange.ts';
import type { ExchangeResult } from '../types.ts';
import {
  CLIENTS,
  expectPhasesConsistent,
  ok,
  request,
  socketFreed,
  startRawServer,
  useClient,
  withClient,
  type ClientName,
  type RawServer,
} from './testing.ts';

/** Longer than anything the event loop does between the connect system call and the 'connect' event, loaded or not. */
const BUSY_MS = 300;

let pki: TestPki;
let target: TargetServer;
let raw: RawServer;
let https: HttpsServer;
let httpsUrl = '';
beforeAll(async () => {
  pki = makeTestPki();
  target = await startTargetServer();
  raw = await startRawServer();
  https = createHttpsServer({ key: pki.serverKey, cert: pki.serverCert }, (_req, res) => res.end('ok'));
  await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
  httpsUrl = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
});
afterAll(async () => {
  https.closeAllConnections();
  await Promise.all([target.close(), raw.close(), new Promise((r) => https.close(r))]);
});

describe.each(CLIENTS)('%s client: phases', (name) => {
  const c = useClient(name);
  const send = (path: string, o = {}) => exchange(c.dispatcher, request(raw.origin, path, o));
  beforeEach(() => {
    raw.reset();
    raw.behave = (_n, s) => s.write(ok());
  });

  it('measures server think time as waiting', async () => {
    const r = await exchange(c.dispatcher, request(target.url, '/delay?ms=100'));
    expect(r.status).toBe(200);
    expectPhasesConsistent(r);
    expect(r.waiting).toBeGreaterThanOrEqual(95_000); // microseconds; timers may fire a little early
    expect(r.waiting).toBeLessThan(1_500_000);
    expect(r.duration).toBeGreaterThanOrEqual(r.waiting);
  });

  it('charges connecting (no TLS) to the first request on a new connection, within its blocked time; not to the next one on it', async () => {
    const first = await send('/');
    expect(first.status).toBe(200);
    expectPhasesConsistent(first);
    expect(first.connecting).toBeGreaterThan(0);
    expect(first.tls).toBe(0);
    // Connecting happened while the request waited for a socket (each side rounded to whole µs).
    expect(first.connecting).toBeLessThanOrEqual(first.blocked + 1);
    await socketFreed();
    const second = await send('/');
    expect(second.status).toBe(200);
    expectPhasesConsistent(second);
    expect(second.connecting).toBe(0);
    expect(second.tls).toBe(0);
    expect(raw.connections).toBe(1);
  });

  it('without keep-alive every request opens a connection and reports its connecting time', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await send('/', { keepAlive: false });
      expect(r.status, `request ${i}`).toBe(200);
      expect(r.connecting, `request ${i}`).toBeGreaterThan(0);
      expect(r.tls, `request ${i}`).toBe(0);
      await socketFreed();
    }
    expect(raw.connections).toBe(3);
  });

  it('requests in flight together each open, and are charged for, their own connection; idle ones are reused', async () => {
    raw.behave = (_n, s) => {
      setTimeout(() => s.write(ok()), 20);
    };
    const two = await Promise.all([send('/'), send('/')]);
    for (const r of two) {
      expect(r.status).toBe(200);
      expect(r.connecting).toBeGreaterThan(0);
    }
    expect(c.openConnections(raw.origin)).toBe(2);
    // With two idle connections and three requests at once: two reuse them (0), the third opens one (> 0).
    await socketFreed();
    await socketFreed();
    const three = await Promise.all([send('/'), send('/'), send('/')]);
    expect(three.map((r) => r.connecting > 0).sort()).toEqual([false, false, true]);
    expect(raw.connections).toBe(3);
    expect(c.openConnections(raw.origin)).toBe(3);
  });

  it('with a connection limit, a request waits (blocked) for the busy connection and gets it as soon as it is free', async () => {
    raw.behave = (_n, s) => {
      setTimeout(() => s.write(ok()), 20);
    };
    await withClient(name, { connections: 1 }, async (limited) => {
      const rs = await Promise.all([1, 2, 3].map(() => exchange(limited.dispatcher, request(raw.origin, '/'))));
      expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(raw.connections).toBe(1);
      expect(Math.max(...rs.map((r) => r.blocked))).toBeGreaterThan(15_000); // the last one queued ~40 ms
    });
  });

  it('https: the first request reports connecting and TLS (both within blocked); the reused connection reports neither', async () => {
    await withClient(name, { profile: { ca: pki.ca } }, async (tls) => {
      const first = await exchange(tls.dispatcher, request(httpsUrl, '/'));
      expect(first.error).toBeUndefined();
      expect(first.status).toBe(200);
      expectPhasesConsistent(first);
      expect(first.connecting).toBeGreaterThan(0);
      expect(first.tls).toBeGreaterThan(0);
      expect(first.connecting + first.tls).toBeLessThanOrEqual(first.blocked + 2);
      await socketFreed();
      const second = await exchange(tls.dispatcher, request(httpsUrl, '/'));
      expect(second.status).toBe(200);
      expect(second.connecting).toBe(0);
      expect(second.tls).toBe(0);
    });
  });

  it.each(['http', 'https'] as const)(
    '%s: connecting and TLS leave out the turn before the connect',
    async (scheme) => {
      const r = await busyFirstRequest(name, scheme === 'http' ? raw.origin : httpsUrl);
      expect(r.status).toBe(200);
      expect(r.blocked).toBeGreaterThanOrEqual(BUSY_MS * 1000); // it did wait
      expect(r.connecting).toBeGreaterThan(0);
      expect(r.connecting).toBeLessThan((BUSY_MS / 2) * 1000);
      if (scheme === 'https') {
        expect(r.tls).toBeGreaterThan(0);
        expect(r.tls).toBeLessThan((BUSY_MS / 2) * 1000);
      } else expect(r.tls).toBe(0);
    },
  );
});

/** One request on a new connection, with the event loop kept busy for BUSY_MS right after it is asked for. */
function busyFirstRequest(name: ClientName, origin: string): Promise<ExchangeResult> {
  return withClient(name, { connections: 4, connectTimeoutMs: 10_000, profile: { ca: pki.ca } }, (client) => {
    const pending = exchange(client.dispatcher, request(origin, '/', { timeoutMs: 10_000, keepBody: false }));
    const until = performance.now() + BUSY_MS;
    while (performance.now() < until) {
      /* other VUs' work in the same turn */
    }
    return pending;
  });
}
