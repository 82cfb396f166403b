/**
 * Transport failures, classified by kind. They are measurements (counted per kind with a sample message),
 * never reasons to stop a run.
 */
import type { ErrorKind } from './types.ts';

const BY_CODE: Record<string, ErrorKind> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  ECONNABORTED: 'reset',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  ETIMEDOUT: 'timeout',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  EAI_FAIL: 'dns',
  EPROTO: 'tls',
  ERR_OSSL_BAD_DECRYPT: 'tls',
  ERR_HTTP2_NOT_OFFERED: 'tls',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'malformed',
  UND_ERR_HEADERS_OVERFLOW: 'malformed',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'body-too-large',
  UND_ERR_INFO: 'malformed',
  HPE_INVALID_CONSTANT: 'malformed',
};

export function classifyError(err: unknown): ErrorKind {
  const e = err as { code?: unknown; cause?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const known = BY_CODE[code];
  if (known) return known;
  // undici's HTTPParserError carries no code for some parser failures (e.g. an invalid status line).
  if (code.startsWith('HPE_') || (e as { name?: unknown } | null)?.name === 'HTTPParserError') return 'malformed';
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code)) return 'tls';
  if (e?.cause && e.cause !== err) return classifyError(e.cause);
  return 'other';
}

/** One line, without stack, for the error set of the summary; TLS errors say what the plan can do about them. */
export function errorMessage(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; cause?: { message?: unknown } } | null;
  let msg = typeof e?.message === 'string' && e.message !== '' ? e.message : String(err);
  const advice = typeof e?.code === 'string' ? TLS_ADVICE[e.code] : undefined;
  // Node's advice for an unknown authority names a Node.js flag, which a Loadsmith user cannot pass.
  if (advice !== undefined) msg = `${msg.replace(NODE_FLAG_ADVICE, '')}; ${advice}`;
  const code = typeof e?.code === 'string' && !msg.includes(e.code) ? ` (${e.code})` : '';
  const cause = typeof e?.cause?.message === 'string' && !msg.includes(e.cause.message) ? `: ${e.cause.message}` : '';
  return `${msg}${cause}${code}`.split('\n')[0] as string;
}

const NODE_FLAG_ADVICE = /;[^;]*--use-system-ca[^;]*/;
const UNTRUSTED =
  "to trust its certificate authority, give its PEM file as tls.caFile (defaults.http or the request's http), or accept any certificate with insecureTls: true";
const TLS_ADVICE: Record<string, string> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED,
  DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED,
  CERT_UNTRUSTED: UNTRUSTED,
  ERR_TLS_CERT_ALTNAME_INVALID:
    "if the server is reached under another name, set tls.servername to a name its certificate lists (defaults.http or the request's http), or accept any certificate with insecureTls: true",
  CERT_HAS_EXPIRED: "insecureTls: true accepts it anyway (defaults.http or the request's http)",
  CERT_NOT_YET_VALID: "insecureTls: true accepts it anyway (defaults.http or the request's http)",
  ERR_OSSL_BAD_DECRYPT:
    'the client key (tls.keyFile) could not be decrypted: check the passphrase given as tls.passphrase (${env.NAME})',
};
