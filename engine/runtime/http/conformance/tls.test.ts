/**
 * Conformance, TLS failures: `tls` errors, before any head is written, whose message says what to do with Loadsmith
 * (tls.caFile, tls.servername, insecureTls), not with Node.js (Node's own advice names a command-line flag a
 * Loadsmith user cannot pass). Against an https server with a certificate from the test's own CA.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../../../../tests/fixtures/tls.ts';
import type { ConnectionProfile } from '../connection-profile.ts';
import { exchange } from '../exchange.ts';
import type { ExchangeResult } from '../types.ts';
import { CLIENTS, request, withClient, type ClientName } from './testing.ts';

let pki: TestPki;
let server: Server;
let url = '';
/** A server whose certificate signs itself (no CA at all). */
let selfSigned: Server;
let selfSignedUrl = '';
beforeAll(async () => {
  pki = makeTestPki();
  server = createServer({ key: pki.serverKey, cert: pki.serverCert }, (_req, res) => res.end('ok'));
  const dir = mkdtempSync(join(tmpdir(), 'loadsmith-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    selfSigned = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_req, res) => res.end('ok'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await Promise.all([server, selfSigned].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  selfSignedUrl = `https://127.0.0.1:${(selfSigned.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [server, selfSigned]) s.closeAllConnections();
  await Promise.all([server, selfSigned].map((s) => new Promise((r) => s.close(r))));
});

function send(
  name: ClientName,
  profile: Omit<Partial<ConnectionProfile>, 'protocol'>,
  origin = url,
): Promise<ExchangeResult> {
  return withClient(name, { connections: 1, profile }, (client) =>
    exchange(client.dispatcher, request(origin, '/', { keepBody: false })),
  );
}

describe.each(CLIENTS)('%s client: TLS failures', (name) => {
  it('an unknown certificate authority: no head written; tls.caFile or insecureTls, not a Node.js flag', async () => {
    const r = await send(name, {});
    expect(r.status).toBe(0);
    expect(r.headBytes).toBe(0);
    expect(r.error?.kind).toBe('tls');
    expect(r.error?.message).toMatch(
      /^unable to verify the first certificate; to trust its certificate authority, give its PEM file as tls\.caFile .*insecureTls: true \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/,
    );
    expect(r.error?.message).not.toMatch(/use-system-ca|Node\.js/);
    // What the advice says works.
    expect(await send(name, { ca: pki.ca })).toMatchObject({ status: 200, error: undefined });
    expect(await send(name, { insecure: true })).toMatchObject({ status: 200, error: undefined });
  });

  it('a self-signed certificate: a tls error unless any certificate is accepted', async () => {
    const r = await send(name, {}, selfSignedUrl);
    expect(r.status).toBe(0);
    expect(r.headBytes).toBe(0);
    expect(r.error?.kind).toBe('tls');
    expect(r.error?.message).toMatch(/DEPTH_ZERO_SELF_SIGNED_CERT/);
    expect(await send(name, { insecure: true }, selfSignedUrl)).toMatchObject({ status: 200, error: undefined });
  });

  it('a certificate for another name: tls.servername or insecureTls', async () => {
    const r = await send(name, { ca: pki.ca, servername: 'elsewhere.test' });
    expect(r.error?.kind).toBe('tls');
    expect(r.error?.message).toMatch(
      /elsewhere\.test.*; if the server is reached under another name, set tls\.servername/,
    );
    expect((await send(name, { insecure: true, servername: 'elsewhere.test' })).error).toBeUndefined();
  });
});
