/**
 * http_req_connecting is the TCP connect alone and http_req_tls_handshaking the handshake alone, from the socket's
 * own events, on both clients: not the JavaScript that ran before Node made the connect system call (Node connects
 * a tick after it is asked; other VUs' work in the same turn ran first), nor building a TLS context. The request
 * waited meanwhile: that is http_req_blocked.
 */
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../../../tests/fixtures/tls.ts';
import { createAgent, createClient } from './dispatchers.ts';
import { exchange } from './exchange.ts';
import type { ExchangeResult } from './types.ts';
import type { ConnectionProfile } from './connection-profile.ts';

/** Longer than anything the event loop does between the connect system call and the 'connect' event, loaded or not. */
const BUSY_MS = 300;

let pki: TestPki;
let http: Server;
let https: HttpsServer;
const url = (s: Server | HttpsServer, scheme: string): string => `${scheme}://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  pki = makeTestPki();
  http = createServer((_req, res) => res.end('ok'));
  https = createHttpsServer({ key: pki.serverKey, cert: pki.serverCert }, (_req, res) => res.end('ok'));
  await Promise.all([http, https].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
});
afterAll(async () => {
  for (const s of [http, https]) s.closeAllConnections();
  await Promise.all([http, https].map((s) => new Promise((r) => s.close(r))));
});

/** One request on a new connection, with the event loop kept busy for BUSY_MS right after it is asked for. */
async function firstRequest(client: ReturnType<typeof createClient>, origin: string): Promise<ExchangeResult> {
  try {
    const pending = exchange(client, { origin, path: '/', method: 'GET', headers: [], body: null, timeoutMs: 10_000, keepAlive: true, keepBody: false, maxBodySize: 1024 });
    const until = performance.now() + BUSY_MS;
    while (performance.now() < until) { /* other VUs' work in the same turn */ }
    return await pending;
  } finally {
    await client.close();
  }
}

const o = { connections: 4, connectTimeoutMs: 10_000 };
const tlsProfile = (protocol: 'http1' | 'auto'): ConnectionProfile => ({ protocol, insecure: false, ca: pki.ca });

describe('connection phases from the socket\'s own events', () => {
  it.each([
    ['fast, http', () => createClient({ protocol: 'http1', insecure: false }, o), 'http'],
    ['undici, http', () => createAgent({ protocol: 'http1', insecure: false }, o), 'http'],
    ['fast, https', () => createClient(tlsProfile('http1'), o), 'https'],
    ['undici, https', () => createClient(tlsProfile('auto'), o), 'https'],
  ] as const)('%s: connecting and TLS leave out the turn before the connect', async (_name, make, scheme) => {
    const r = await firstRequest(make(), url(scheme === 'http' ? http : https, scheme));
    expect(r.status).toBe(200);
    expect(r.blocked).toBeGreaterThanOrEqual(BUSY_MS * 1000); // it did wait
    expect(r.connecting).toBeGreaterThan(0);
    expect(r.connecting).toBeLessThan((BUSY_MS / 2) * 1000);
    if (scheme === 'https') {
      expect(r.tls).toBeGreaterThan(0);
      expect(r.tls).toBeLessThan((BUSY_MS / 2) * 1000);
    } else expect(r.tls).toBe(0);
  });
});
