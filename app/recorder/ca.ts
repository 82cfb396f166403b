/**
 * The recorder's certificate authority: created on first use in `<dataDir>/recorder/` (the private key readable by
 * the user only, mode 0600), reused after. The proxy signs a certificate per host with it (HTTPS interception);
 * the launched browser trusts it by its key's SPKI fingerprint, other clients by importing `ca.pem`.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CA_DIR = 'recorder';
export const CA_CERT_FILE = 'ca.pem';
export const CA_KEY_FILE = 'ca-key.pem';

export interface RecorderCa {
  certPath: string;
  keyPath: string;
  certificatePem: string;
  keyPem: string;
  /** base64 SHA-256 of the key's SubjectPublicKeyInfo: Chromium's --ignore-certificate-errors-spki-list. */
  spkiFingerprint: string;
  /** SHA-256 of the certificate, colon-separated hex, as certificate viewers show it. */
  sha256: string;
  notAfter: string;
}

/** Loads the CA of a data directory, creating it first when there is none. */
export async function loadOrCreateCa(dataDir: string): Promise<RecorderCa> {
  const dir = path.join(path.resolve(dataDir), CA_DIR);
  const certPath = path.join(dir, CA_CERT_FILE);
  const keyPath = path.join(dir, CA_KEY_FILE);
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    const { generateCACertificate } = await import('mockttp');
    const ca = await generateCACertificate({
      subject: { commonName: 'Loadsmith recorder CA (this computer only)', organizationName: 'Loadsmith' },
      bits: 2048,
    });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // The key first, created with its final mode: it is never readable by others, not even for a moment.
    writeFileSync(keyPath, ca.key, { mode: 0o600 });
    writeFileSync(certPath, ca.cert, { mode: 0o644 });
  }
  tightenKeyMode(keyPath);
  const certificatePem = readFileSync(certPath, 'utf8');
  const keyPem = readFileSync(keyPath, 'utf8');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certificatePem);
  } catch (e) {
    throw new Error(
      `${certPath} is not a certificate (${(e as Error).message}): move ${dir} away to create a new recorder CA`,
      { cause: e },
    );
  }
  if (!cert.ca)
    throw new Error(`${certPath} is not a certificate authority: move ${dir} away to create a new recorder CA`);
  return {
    certPath,
    keyPath,
    certificatePem,
    keyPem,
    spkiFingerprint: spkiFingerprint(cert),
    sha256: cert.fingerprint256,
    notAfter: new Date(cert.validTo).toISOString(),
  };
}

/** base64(SHA-256(SubjectPublicKeyInfo DER)), the format Chromium's SPKI allow list takes. */
export function spkiFingerprint(cert: X509Certificate): string {
  const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** A key file others can read (copied, restored from a backup) is made private again. */
function tightenKeyMode(keyPath: string): void {
  if (process.platform === 'win32') return; // modes do not apply; the data directory is in the user's profile
  const mode = statSync(keyPath).mode & 0o777;
  if ((mode & 0o077) !== 0) chmodSync(keyPath, 0o600);
}
