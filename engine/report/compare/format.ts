/** Key-metric values and their changes for people: units as in the summary, `—` where a run has no such number. */
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate } from '../numbers.ts';
import type { KeyUnit } from './key-metrics.ts';
import type { Delta } from './stats.ts';

export const MISSING = '—';

/** A value in its unit: 1,234 · 56.7/s · 12.3ms · 0.50% · 1.2 MB. */
export function fmtKey(unit: KeyUnit, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return MISSING;
  switch (unit) {
    case 'count':
      return Math.abs(v) >= 100 || Number.isInteger(v) ? fmtCount(v) : String(Math.round(v * 10) / 10);
    case 'rate':
      return fmtRate(v);
    case 'ms':
      return fmtMs(v);
    case 'fraction':
      return fmtPct(v);
    case 'bytes':
      return fmtBytes(v);
  }
}

/** A signed change: +12ms, -3.5/s, +0.20pp (percentage points for fractions). */
export function fmtChange(unit: KeyUnit, d: Delta | null): string {
  if (!d) return MISSING;
  const sign = d.abs > 0 ? '+' : d.abs < 0 ? '-' : '±';
  const mag = Math.abs(d.abs);
  return unit === 'fraction' ? `${sign}${(mag * 100).toFixed(2)}pp` : `${sign}${fmtKey(unit, mag)}`;
}

/** A relative change: +12.5%; `—` from a zero baseline (no meaningful percentage). */
export function fmtRel(d: Delta | null): string {
  if (!d || d.rel === null) return MISSING;
  const pct = d.rel * 100;
  return `${pct > 0 ? '+' : pct < 0 ? '-' : '±'}${Math.abs(pct).toFixed(1)}%`;
}

/** Mean ± sd (the sd omitted for a single value). */
export function fmtSpread(unit: KeyUnit, mean: number | null, sd: number | null, n: number): string {
  if (mean === null) return MISSING;
  return n > 1 && sd !== null ? `${fmtKey(unit, mean)} ± ${fmtKey(unit, sd)}` : fmtKey(unit, mean);
}
