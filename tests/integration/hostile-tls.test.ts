/**
 * Runs against an https target that holds TLS handshakes (tests/fixtures/stalling-tls.ts), on both clients (fast:
 * protocol http1; undici: protocol auto), with raw results to see every request: a handshake that never finishes
 * costs the one request it was opened for, at its timeout, and stalls no other VU; with keep-alive off, every
 * connection's connect and TLS time is charged to exactly one request, also when handshakes finish out of order.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStallingTls } from '../fixtures/stalling-tls.ts';
import { makeTestPki, type TestPki } from '../fixtures/tls.ts';
import { eachNdjson, startRun } from '../../engine/runtime/results/testing.ts';

let pki: TestPki;
let dir: string;
beforeAll(async () => {
  pki = makeTestPki();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-hostile-tls-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Row {
  status: number;
  blocked: number;
  duration: number;
  connecting: number;
  tls: number;
  error: unknown;
}

/** Runs `vus` VUs for `duration` against `url` with keep-alive off; returns every request's raw row. */
async function run(url: string, protocol: string, vus: number, duration: string, timeout: string): Promise<Row[]> {
  const path = join(dir, `${protocol}-${Date.now()}.ndjson`);
  const handle = startRun(
    `
version: 1
name: hostile tls
defaults:
  baseUrl: "\${env.BASE}"
  timeout: ${timeout}
  http: { protocol: ${protocol}, keepAlive: false, tls: { caFile: ${JSON.stringify(pki.caFile)} } }
scenarios:
  s: { executor: constant-vus, vus: ${vus}, duration: ${duration}, steps: [{ request: { name: r, url: /x } }] }
`,
    { BASE: url },
    [{ format: 'ndjson', path }],
    1,
  );
  await handle.done;
  const rows: Row[] = [];
  await eachNdjson(path, (r) =>
    rows.push({
      status: r.status as number,
      blocked: r.blocked_ms as number,
      duration: r.duration_ms as number,
      connecting: r.connecting_ms as number,
      tls: r.tls_handshaking_ms as number,
      error: r.error_kind,
    }),
  );
  return rows;
}

describe.each([
  ['fast', 'http1'],
  ['undici', 'auto'],
])('against stuck TLS handshakes, %s client', (_name, protocol) => {
  it('a handshake that never finishes costs only the request it was opened for, at its timeout', async () => {
    // Every 4th connection is held (the first is not: undici settles the protocol on it).
    const server = await startStallingTls((n) => (n % 4 === 3 ? Infinity : 0), pki);
    try {
      const rows = await run(server.url, protocol, 4, '3s', '1s');
      const failed = rows.filter((r) => r.status === 0);
      const ok = rows.filter((r) => r.status === 200);
      expect(ok.length + failed.length).toBe(rows.length);
      expect(server.held()).toBeGreaterThanOrEqual(3);
      expect(failed.every((r) => r.error === 'timeout')).toBe(true);
      expect(failed.length).toBe(server.held()); // one request per stuck handshake, no more
      for (const r of failed) {
        expect(r.blocked + r.duration).toBeGreaterThanOrEqual(1000);
        expect(r.blocked + r.duration).toBeLessThan(1300); // the timeout and one sweep, with room for a loaded machine
      }
      // The others did not wait for a stuck handshake: each had a connection of its own.
      expect(Math.max(...ok.map((r) => r.blocked))).toBeLessThan(500);
    } finally {
      await server.close();
    }
  });

  it("with keep-alive off, each connection's connect and TLS time goes to exactly one request, handshakes finishing out of order", async () => {
    // Connections alternately wait 0 and 25 ms before their handshake: a later one often finishes first.
    const server = await startStallingTls((n) => (n % 2 === 1 ? 25 : 0), pki);
    try {
      const rows = await run(server.url, protocol, 6, '1s', '5s');
      expect(rows.length).toBeGreaterThan(20);
      expect(rows.every((r) => r.status === 200)).toBe(true);
      expect(server.accepted()).toBe(rows.length); // a connection per request
      expect(rows.filter((r) => r.connecting > 0).length).toBe(server.accepted());
      expect(rows.filter((r) => r.tls > 0).length).toBe(server.handshakes());
    } finally {
      await server.close();
    }
  });
});
