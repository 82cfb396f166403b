/**
 * Transport failures, classified by kind. They are measurements (counted per kind with a sample message),
 * never reasons to stop a run.
 */
/** `template` and `invalid-url`: the request could not be built for this VU (e.g. a variable an extraction left unset).
 * `too-many-redirects`: a redirect chain was still going when maxRedirects stopped it (the last hop's status is kept). */
export type ErrorKind = 'refused' | 'reset' | 'timeout' | 'dns' | 'tls' | 'malformed' | 'body-too-large' | 'too-many-redirects' | 'template' | 'invalid-url' | 'other';

export const ERROR_KINDS: readonly ErrorKind[] = ['refused', 'reset', 'timeout', 'dns', 'tls', 'malformed', 'body-too-large', 'too-many-redirects', 'template', 'invalid-url', 'other'];

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
  ERR_HTTP2_NOT_OFFERED: 'tls',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'malformed',
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

/** One line, without stack, for the error set of the summary. */
export function errorMessage(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; cause?: { message?: unknown } } | null;
  const msg = typeof e?.message === 'string' && e.message !== '' ? e.message : String(err);
  const code = typeof e?.code === 'string' && !msg.includes(e.code) ? ` (${e.code})` : '';
  const cause = typeof e?.cause?.message === 'string' && !msg.includes(e.cause.message) ? `: ${e.cause.message}` : '';
  return `${msg}${cause}${code}`.split('\n')[0] as string;
}
