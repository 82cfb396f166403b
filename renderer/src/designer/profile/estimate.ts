/**
 * How much load a scenario makes: requests per iteration, an estimated iteration time and the total number of
 * requests. Exact for iteration executors (the plan says how many iterations), estimated for time-based ones,
 * where the count depends on how fast the server answers; the assumption is stated wherever the number is shown.
 */
import { ASSUMED_REQUEST_MS, type IterationShape } from './iteration-shape.ts';

export const ASSUMPTION = `assumes ${ASSUMED_REQUEST_MS} ms per request (a batch counts once: its requests run in parallel) plus the mean of each think time`;

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
  /** The requests (with `unknown`: a floor, not an estimate: the user is not shown it as a count). */
  requests: number;
  /** True when the plan fixes the count (iteration executors that fit in maxDuration, the same requests each time). */
  exact: boolean;
  /** Why the number of requests cannot be known before the run (a loop whose passes depend on the responses). */
  unknown?: string;
}

/** The requests of `iterations` iterations of this shape. */
export function requestsOf(iterations: number, shape: IterationShape, exact: boolean): LoadEstimate {
  return {
    iterations,
    requests: iterations * shape.requests,
    exact: exact && !shape.varies && !shape.unknown,
    ...(shape.unknown ? { unknown: shape.unknown } : {}),
  };
}

/** Time-based executors: iterations ≈ VU time / iteration time. */
export function timeBasedEstimate(vuMs: number, shape: IterationShape): LoadEstimate {
  return requestsOf(shape.durationMs > 0 ? vuMs / shape.durationMs : 0, shape, false);
}

/**
 * Iteration executors: the count is exact unless the estimated run time exceeds maxDuration, in which case the
 * executor stops early and the count becomes an estimate (iterations that fit in maxDuration).
 */
export function iterationEstimate(
  totalIterations: number,
  perVuIterations: number,
  vus: number,
  maxMs: number,
  shape: IterationShape,
): LoadEstimate & { endMs: number } {
  const needMs = perVuIterations * shape.durationMs;
  if (needMs <= maxMs) return { ...requestsOf(totalIterations, shape, true), endMs: needMs };
  const fit = Math.min(totalIterations, vus * Math.floor(maxMs / Math.max(shape.durationMs, 1)));
  return { ...requestsOf(fit, shape, false), endMs: maxMs };
}
