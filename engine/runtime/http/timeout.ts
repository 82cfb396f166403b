/**
 * The request timeout (the plan's `timeout`), with k6's meaning: a request's whole life, from the moment it is
 * asked for (waiting for a connection, DNS, connecting, TLS, sending, waiting, receiving), ends within it. Both
 * clients check it on a ticker every SWEEP_MS (the fast client's pool sweep, the undici path's deadline list),
 * never with a timer per request: a request times out between its timeout and SWEEP_MS later.
 */
import type { ExchangeState } from './exchange-state.ts';

export const SWEEP_MS = 50;

/** Something with a timeout: a request (from when it was asked), a connection being opened (from its start). */
export interface Timed {
  /** performance.now() when the clock started. */
  readonly t0: number;
  /** 0: none. */
  readonly timeoutMs: number;
}

/** Whether x has outlived its timeout (0: none) at `now` (performance.now()). */
export function expired(x: Timed, now: number): boolean {
  return x.timeoutMs > 0 && now - x.t0 > x.timeoutMs;
}

/**
 * The error of a request whose timeout ran out, saying in which phase. `noConnection` says why no connection was
 * ready when it ran out before the request could be written (e.g. "the TLS handshake with host:443 did not finish").
 * The codes are undici's for the same phases, so both clients' errors read alike.
 */
export function timeoutError(x: ExchangeState, noConnection: string): Error {
  const limit = `request timeout (${duration(x.timeoutMs)})`;
  if (x.tStart === 0)
    return codeError('UND_ERR_CONNECT_TIMEOUT', `${limit} reached waiting for a connection: ${noConnection}`);
  if (x.tSent === 0) return codeError('ETIMEDOUT', `${limit} reached while sending the request`);
  if (x.tFirst === 0) return codeError('UND_ERR_HEADERS_TIMEOUT', `${limit} reached waiting for the response`);
  return codeError('UND_ERR_BODY_TIMEOUT', `${limit} reached while receiving the response`);
}

function duration(ms: number): string {
  return ms >= 1000 ? `${ms / 1000}s` : `${ms}ms`;
}

function codeError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}
