/**
 * A self-signed certificate for the demo server's TLS ports, made at start-up with node:crypto alone (an ECDSA P-256
 * key and a minimal X.509 v3 certificate in DER), so the single executable needs no openssl and ships no private key.
 * It names 127.0.0.1, ::1 and localhost; clients trust it with its PEM as their CA, or with insecureTls.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

export interface SelfSigned {
  /** The certificate, PEM. */
  cert: string;
  /** Its private key, PKCS#8 PEM. */
  key: string;
}

const length = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const seq = (...content: Buffer[]): Buffer => tlv(0x30, ...content);
const oid = (hex: string): Buffer => tlv(0x06, Buffer.from(hex, 'hex'));
const positiveInteger = (bytes: Buffer): Buffer =>
  tlv(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);

const ECDSA_WITH_SHA256 = seq(oid('2a8648ce3d040302'));
const COMMON_NAME = '550403';
const SUBJECT_ALT_NAME = '551d11';
const BASIC_CONSTRAINTS = '551d13';

/** UTCTime until 2049, GeneralizedTime after, as RFC 5280 asks. */
function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2))) : tlv(0x18, Buffer.from(iso));
}

function altName(host: string): Buffer {
  if (isIPv4(host)) return tlv(0x87, Buffer.from(host.split('.').map(Number)));
  if (isIPv6(host)) {
    const [head = '', tail = ''] = host.split('::');
    const words = (s: string): number[] => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
    const h = words(head);
    const t = words(tail);
    const all = host.includes('::') ? [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t] : h;
    const out = Buffer.alloc(16);
    all.forEach((w, i) => out.writeUInt16BE(w, i * 2));
    return tlv(0x87, out);
  }
  return tlv(0x82, Buffer.from(host, 'ascii'));
}

/** A new key and a certificate for `hosts` (IP addresses or DNS names), valid from an hour ago for `days`. */
export function selfSignedCertificate(o: { commonName: string; hosts: readonly string[]; days?: number }): SelfSigned {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = seq(tlv(0x31, seq(oid(COMMON_NAME), tlv(0x0c, Buffer.from(o.commonName, 'utf8')))));
  const from = new Date(Date.now() - 3_600_000);
  const until = new Date(from.getTime() + (o.days ?? 30) * 86_400_000);
  const extensions = tlv(
    0xa3,
    seq(
      seq(oid(BASIC_CONSTRAINTS), tlv(0x04, seq())),
      seq(oid(SUBJECT_ALT_NAME), tlv(0x04, seq(...o.hosts.map(altName)))),
    ),
  );
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tbs = seq(
    tlv(0xa0, positiveInteger(Buffer.from([2]))),
    positiveInteger(serial),
    ECDSA_WITH_SHA256,
    name,
    seq(time(from), time(until)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ECDSA_WITH_SHA256, tlv(0x03, Buffer.from([0]), signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
