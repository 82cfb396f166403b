/**
 * Timeouts on the undici path, on one ticker per thread (a Set insert and delete each, no timer):
 * - the request timeout (./timeout.ts): undici's own timeouts start only once a request is written (headers
 *   timeout) or between body chunks, so a request that waits for a connection (queued behind a TLS handshake that
 *   never finishes) would wait past its timeout, and hold its VU;
 * - the connect timeout of the sockets connect-timing.ts opens: undici's coarse timers let a stuck connect live
 *   half a second longer, holding one of the pool's connections after its request gave up.
 */
import { performance } from 'node:perf_hooks';
import { expired, SWEEP_MS, type Timed } from './timeout.ts';

export interface Expiring extends Timed {
  /** Ends it as timed out (it is past its timeout). */
  expire(): void;
}

const live = new Set<Expiring>();
let ticker: NodeJS.Timeout | undefined;

/** Watches x until unwatch(x) (its end). */
export function watch(x: Expiring): void {
  live.add(x);
  ticker ??= setInterval(sweep, SWEEP_MS).unref();
}

export function unwatch(x: Expiring): void {
  live.delete(x);
}

function sweep(): void {
  if (live.size === 0) {
    clearInterval(ticker);
    ticker = undefined;
    return;
  }
  const now = performance.now();
  for (const x of live) if (expired(x, now)) x.expire();
}
