/** Reconnect delays for the event channel: exponential with jitter, capped, so many tabs do not reconnect in step. */

export interface BackoffOptions {
  /** Delay before the first retry. */
  baseMs: number;
  /** Upper bound for any delay, jitter included. */
  maxMs: number;
  factor: number;
  /** Fraction of the delay randomised either way (0.2 = ±20%). */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 250, maxMs: 10_000, factor: 2, jitter: 0.2 };

/**
 * Milliseconds to wait before retry number `attempt` (0 = first retry).
 * @param random a source in [0, 1); injectable so tests are deterministic
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  o: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const n = Math.max(0, Math.floor(attempt));
  // Cap before jitter, and the exponent, so a long outage neither overflows nor waits longer than maxMs.
  const raw = Math.min(o.maxMs, o.baseMs * o.factor ** Math.min(n, 30));
  const spread = 1 - o.jitter + 2 * o.jitter * random();
  return Math.round(Math.min(o.maxMs, Math.max(0, raw * spread)));
}
