/**
 * How much load a scenario makes: requests per iteration, an estimated iteration time and the total number of
 * requests. Exact for iteration executors (the plan says how many iterations), estimated for time-based ones,
 * where the count depends on how fast the server answers; the assumption is stated wherever the number is shown.
 */
import { parseDuration } from 'loadsmith/plan';
import { childrenOf, listOf, objectOf, requestOf, STEP_KINDS, stepKind } from '../core/doc/index.ts';

/** What the estimate assumes one request takes (the server's real latency is unknown while designing). */
export const ASSUMED_REQUEST_MS = 50;
export const ASSUMPTION = `assumes ${ASSUMED_REQUEST_MS} ms per request (a batch counts once: its requests run in parallel) plus the mean of each think time`;

/** One iteration of a scenario's steps: what it sends and how long it is expected to take. */
export interface IterationShape {
  requests: number;
  thinkMs: number;
  /** Estimated duration: think means plus ASSUMED_REQUEST_MS per request (per batch). */
  durationMs: number;
}

const dur = (v: unknown): number => (typeof v === 'string' ? (parseDuration(v) ?? 0) : 0);

/** Walks the (possibly incomplete) steps of a scenario; unknown or half-typed steps count as nothing. */
export function iterationShape(steps: unknown): IterationShape {
  let requests = 0;
  let thinkMs = 0;
  let slots = 0;
  const walk = (list: readonly unknown[]): void => {
    for (const step of list) {
      const s = objectOf(step);
      const kind = stepKind(s);
      if (!s || kind === 'unknown') continue;
      if (requestOf(s)) { requests++; slots++; }
      else if (STEP_KINDS[kind].requestsOnly) {
        // Requests sent together (a batch) take one slot of time.
        const n = childrenOf(s).filter((b) => requestOf(objectOf(b))).length;
        requests += n;
        if (n > 0) slots++;
      } else if (kind === 'think') {
        const range = objectOf(s.think);
        thinkMs += range ? (dur(range.min) + dur(range.max)) / 2 : dur(s.think);
      } else walk(childrenOf(s));
    }
  };
  walk(listOf(steps));
  return { requests, thinkMs, durationMs: thinkMs + slots * ASSUMED_REQUEST_MS };
}

/** Area under a VU step function ([atMs, vus] pairs, each value holding until the next): VU-milliseconds. */
export function vuMilliseconds(points: readonly (readonly [number, number])[]): number {
  let total = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const [t, v] = points[i] as readonly [number, number];
    total += v * ((points[i + 1] as readonly [number, number])[0] - t);
  }
  return total;
}

/** Iterations and requests of one scenario. */
export interface LoadEstimate {
  iterations: number;
  requests: number;
  /** True when the plan fixes the count (iteration executors that fit in maxDuration). */
  exact: boolean;
}

/** Time-based executors: iterations ≈ VU time / iteration time. */
export function timeBasedEstimate(vuMs: number, shape: IterationShape): LoadEstimate {
  const iterations = shape.durationMs > 0 ? vuMs / shape.durationMs : 0;
  return { iterations, requests: iterations * shape.requests, exact: false };
}

/**
 * Iteration executors: the count is exact unless the estimated run time exceeds maxDuration, in which case the
 * executor stops early and the count becomes an estimate (iterations that fit in maxDuration).
 */
export function iterationEstimate(totalIterations: number, perVuIterations: number, vus: number, maxMs: number, shape: IterationShape): LoadEstimate & { endMs: number } {
  const needMs = perVuIterations * shape.durationMs;
  if (needMs <= maxMs) return { iterations: totalIterations, requests: totalIterations * shape.requests, exact: true, endMs: needMs };
  const fit = Math.min(totalIterations, vus * Math.floor(maxMs / Math.max(shape.durationMs, 1)));
  return { iterations: fit, requests: fit * shape.requests, exact: false, endMs: maxMs };
}
