/**
 * TLS failures are `tls` errors whose message says what to do with Loadsmith (tls.caFile, tls.servername,
 * insecureTls), not with Node.js (Node's own advice names a command-line flag a Loadsmith user cannot pass).
 * Both clients, against an https server the test starts with a certificate from its own test CA.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../../../tests/fixtures/tls.ts';
import { createClient } from './dispatchers.ts';
import { exchange } from './exchange.ts';
import type { ConnectionProfile } from './connection-profile.ts';

let pki: TestPki;
let server: Server;
let url = '';
beforeAll(async () => {
  pki = makeTestPki();
  server = createServer({ key: pki.serverKey, cert: pki.serverCert }, (_req, res) => res.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); });

async function failure(p: ConnectionProfile): Promise<{ kind: string; message: string } | undefined> {
  const client = createClient(p, { connections: 1, connectTimeoutMs: 5000 });
  try {
    const r = await exchange(client, { origin: url, path: '/', method: 'GET', headers: [], body: null, timeoutMs: 5000, keepAlive: true, keepBody: false, maxBodySize: 1024 });
    return r.error;
  } finally {
    await client.close();
  }
}

describe.each([['fast', 'http1'], ['undici', 'auto']] as const)('TLS errors, %s client', (_name, protocol) => {
  it('an unknown certificate authority: tls.caFile or insecureTls, not a Node.js flag', async () => {
    const err = await failure({ protocol, insecure: false });
    expect(err?.kind).toBe('tls');
    expect(err?.message).toMatch(/^unable to verify the first certificate; to trust its certificate authority, give its PEM file as tls\.caFile .*insecureTls: true \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/);
    expect(err?.message).not.toMatch(/use-system-ca|Node\.js/);
    expect(await failure({ protocol, insecure: false, ca: pki.ca })).toBeUndefined(); // what the advice says works
  });

  it('a certificate for another name: tls.servername or insecureTls', async () => {
    const err = await failure({ protocol, insecure: false, ca: pki.ca, servername: 'elsewhere.test' });
    expect(err?.kind).toBe('tls');
    expect(err?.message).toMatch(/elsewhere\.test.*; if the server is reached under another name, set tls\.servername/);
    expect(await failure({ protocol, insecure: true, servername: 'elsewhere.test' })).toBeUndefined();
  });
});
