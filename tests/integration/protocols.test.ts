/**
 * Protocols and TLS against real local servers: HTTP/2 negotiated by ALPN, HTTP/1.1 forced, h2c, a server without
 * HTTP/2 when the plan requires it, trust by CA file or insecureTls, client certificates, per-request overrides.
 */
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import {
  createSecureServer,
  createServer as createH2cServer,
  type Http2SecureServer,
  type Http2Server,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../fixtures/tls.ts';
import { runYaml } from './run-helper.ts';

let pki: TestPki;
let h2: Http2SecureServer;
let h1only: HttpsServer;
let h2c: Http2Server;
let mtls: HttpsServer;
const versions: Record<string, string[]> = { h2: [], h1only: [], h2c: [], mtls: [] };
const port = (s: { address(): unknown }): number => (s.address() as AddressInfo).port;

beforeAll(async () => {
  pki = makeTestPki();
  const tls = { key: pki.serverKey, cert: pki.serverCert };
  h2 = createSecureServer({ ...tls, allowHTTP1: true }, (req, res) => {
    versions.h2!.push(req.httpVersion);
    res.end('ok');
  });
  h1only = createHttpsServer(tls, (req, res) => {
    versions.h1only!.push(req.httpVersion);
    res.end('ok');
  });
  h2c = createH2cServer((req, res) => {
    versions.h2c!.push(req.httpVersion);
    res.end('ok');
  });
  mtls = createHttpsServer({ ...tls, ca: pki.ca, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    versions.mtls!.push(
      (req.socket as unknown as { getPeerCertificate(): { subject?: { CN?: string } } }).getPeerCertificate().subject
        ?.CN ?? '',
    );
    res.end('ok');
  });
  await Promise.all([h2, h1only, h2c, mtls].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))));
});
afterAll(async () => {
  for (const s of [h1only, mtls]) s.closeAllConnections();
  await Promise.all([h2, h1only, h2c, mtls].map((s) => new Promise((r) => s.close(r))));
  rmSync(pki.dir, { recursive: true, force: true });
});

const plan = (url: string, http: string, extra = ''): string => `
version: 1
name: protocols
defaults:
  baseUrl: "${url}"
  http: { ${http} }
scenarios:
  s:
    executor: per-vu-iterations
    iterations: 3
    steps:
      - request: { name: main, url: /, checks: [{ status: 200 }] }
${extra}`;

describe('HTTP/2 and TLS', () => {
  it('negotiates HTTP/2 by ALPN (protocol auto), trusting a CA file', async () => {
    versions.h2 = [];
    const { summary } = await runYaml(plan(`https://localhost:${port(h2)}`, `tls: { caFile: "${pki.caFile}" }`));
    expect(summary.errors).toEqual([]);
    expect(versions.h2).toEqual(['2.0', '2.0', '2.0']);
    expect(
      summary.metrics.http_req_tls_handshaking?.type === 'trend' && summary.metrics.http_req_tls_handshaking.max,
    ).toBeGreaterThan(0);
    expect(summary.metrics.data_sent?.type === 'counter' && summary.metrics.data_sent.count).toBeGreaterThan(0);
  });

  it('keeps to HTTP/1.1 with protocol http1', async () => {
    versions.h2 = [];
    await runYaml(plan(`https://localhost:${port(h2)}`, `protocol: http1, tls: { caFile: "${pki.caFile}" }`));
    expect(versions.h2).toEqual(['1.1', '1.1', '1.1']);
  });

  it('speaks HTTP/2 cleartext with protocol h2c', async () => {
    versions.h2c = [];
    const { summary } = await runYaml(plan(`http://127.0.0.1:${port(h2c)}`, 'protocol: h2c'));
    expect(summary.errors).toEqual([]);
    expect(versions.h2c).toEqual(['2.0', '2.0', '2.0']);
  });

  it('fails clearly when protocol http2 meets a server without HTTP/2', async () => {
    const { summary } = await runYaml(
      plan(`https://localhost:${port(h1only)}`, `protocol: http2, tls: { caFile: "${pki.caFile}" }`),
    );
    expect(summary.errors[0]).toMatchObject({ kind: 'tls', message: expect.stringMatching(/does not offer HTTP\/2/) });
    expect(versions.h1only).toEqual([]);
  });

  it('refuses an unknown certificate authority, unless insecureTls', async () => {
    const refused = await runYaml(plan(`https://localhost:${port(h2)}`, 'protocol: auto'));
    expect(refused.summary.errors[0]?.kind).toBe('tls');
    const accepted = await runYaml(plan(`https://localhost:${port(h2)}`, 'insecureTls: true'));
    expect(accepted.summary.errors).toEqual([]);
  });

  it('presents a client certificate for mutual TLS', async () => {
    versions.mtls = [];
    const without = await runYaml(
      plan(`https://localhost:${port(mtls)}`, `protocol: http1, tls: { caFile: "${pki.caFile}" }`),
    );
    expect(without.summary.errors.length).toBeGreaterThan(0);
    const withCert = await runYaml(
      plan(
        `https://localhost:${port(mtls)}`,
        `protocol: http1, tls: { caFile: "${pki.caFile}", certFile: "${pki.clientCertFile}", keyFile: "${pki.clientKeyFile}" }`,
      ),
    );
    expect(withCert.summary.errors).toEqual([]);
    expect(versions.mtls).toEqual(['loadsmith-client', 'loadsmith-client', 'loadsmith-client']);
  });

  it("lets one request override the plan's connection options", async () => {
    versions.h2 = [];
    const { summary } = await runYaml(
      plan(
        `https://localhost:${port(h2)}`,
        `protocol: http1, tls: { caFile: "${pki.caFile}" }`,
        '      - request: { name: over h2, url: /, http: { protocol: auto } }',
      ),
    );
    expect(summary.errors).toEqual([]);
    expect([...versions.h2].sort()).toEqual(['1.1', '1.1', '1.1', '2.0', '2.0', '2.0']);
  });

  it('reports a TLS file that cannot be read before the run, located in the plan', async () => {
    await expect(
      runYaml(plan(`https://localhost:${port(h2)}`, 'tls: { caFile: "/nonexistent/ca.pem" }')),
    ).rejects.toThrow(/defaults\.http\.tls: cannot read TLS file \/nonexistent\/ca\.pem/);
  });
});
