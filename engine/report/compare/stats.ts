/**
 * Statistics across runs: the mean ± sample standard deviation of repeats (the "run it five times and average"
 * protocol) and the change from a baseline. Pure: used by `loadsmith compare`/`run --repeat` and the app.
 */

export interface Spread {
  n: number;
  mean: number;
  /** Sample standard deviation (n - 1); 0 for a single value. */
  sd: number;
  min: number;
  max: number;
}

/** Mean, sample standard deviation, min and max of the finite values; null when there are none. */
export function spread(values: readonly (number | null | undefined)[]): Spread | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const n = xs.length;
  if (n === 0) return null;
  let mean = 0;
  for (const [i, x] of xs.entries()) mean += (x - mean) / (i + 1); // running mean: no overflow on big counts
  let ss = 0;
  for (const x of xs) ss += (x - mean) ** 2;
  return { n, mean, sd: n > 1 ? Math.sqrt(ss / (n - 1)) : 0, min: Math.min(...xs), max: Math.max(...xs) };
}

export interface Delta {
  /** value - baseline */
  abs: number;
  /** (value - baseline) / baseline, as a fraction; null when the baseline is 0 (no meaningful percentage). */
  rel: number | null;
}

export function delta(baseline: number, value: number): Delta {
  return {
    abs: value - baseline,
    rel: baseline === 0 ? (value === 0 ? 0 : null) : (value - baseline) / Math.abs(baseline),
  };
}
