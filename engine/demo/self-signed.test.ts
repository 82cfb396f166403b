import { X509Certificate } from 'node:crypto';
import { connect, createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './self-signed.ts';

/** A TLS HTTP/2 round trip to a server with `cert`, trusting `ca`, to `host`: the body, or the TLS error. */
async function roundTrip(cert: { cert: string; key: string }, ca: string, host: string): Promise<string> {
  const server = createSecureServer(cert, (_req, res) => res.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string>((resolve) => {
      const client = connect(`https://127.0.0.1:${port}`, { ca, servername: host === '127.0.0.1' ? '' : host });
      client.on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code ?? e.message}`));
      const req = client.request({ ':path': '/' });
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        client.close();
        resolve(body);
      });
      req.on('error', () => undefined);
    });
  } finally {
    server.close();
  }
}

describe('the demo server self-signed certificate', () => {
  const made = selfSignedCertificate({ commonName: 'loadsmith demo', hosts: ['127.0.0.1', '::1', 'localhost'] });
  const x = new X509Certificate(made.cert);

  it('is a v3 certificate signed by its own key, naming the loopback addresses and localhost', () => {
    expect(x.subject).toBe('CN=loadsmith demo');
    expect(x.issuer).toBe(x.subject);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x.checkIP('::1')).toBe('::1');
    expect(x.checkHost('localhost')).toBe('localhost');
    expect(x.checkHost('example.com')).toBeUndefined();
    expect(x.ca).toBe(false);
  });

  it('is valid now and for the days asked', () => {
    const from = Date.parse(x.validFrom);
    const to = Date.parse(x.validTo);
    expect(from).toBeLessThan(Date.now());
    expect(to - from).toBe(30 * 86_400_000);
    const year = new X509Certificate(selfSignedCertificate({ commonName: 'y', hosts: ['h'], days: 365 }).cert);
    expect(Date.parse(year.validTo) - Date.parse(year.validFrom)).toBe(365 * 86_400_000);
  });

  it('is trusted by a TLS client given it as the CA, for the names it holds and no other', async () => {
    expect(await roundTrip(made, made.cert, '127.0.0.1')).toBe('ok');
    expect(await roundTrip(made, made.cert, 'localhost')).toBe('ok');
    expect(await roundTrip(made, made.cert, 'other.example')).toBe('error ERR_TLS_CERT_ALTNAME_INVALID');
    const stranger = selfSignedCertificate({ commonName: 'other', hosts: ['127.0.0.1'] });
    expect(await roundTrip(made, stranger.cert, '127.0.0.1')).toMatch(/^error /);
  });

  it('makes a new key each time', () => {
    const again = selfSignedCertificate({ commonName: 'loadsmith demo', hosts: ['127.0.0.1'] });
    expect(again.key).not.toBe(made.key);
    expect(new X509Certificate(again.cert).serialNumber).not.toBe(x.serialNumber);
  });
});
