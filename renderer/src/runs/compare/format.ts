/** Key numbers, their changes and spreads as text, exactly as `loadsmith compare` prints them. */
import {
  fmtChange,
  fmtKey,
  fmtRel,
  fmtSpread as fmtMeanSd,
  MISSING,
  type Delta,
  type KeyUnit,
  type Spread,
} from 'loadsmith/report';

/** A value: 1,234 · 12.3/s · 45.6ms · 0.50% · 1.2 MB; a dash when the run has no such number. */
export const fmtValue = (unit: KeyUnit, v: number | null): string => fmtKey(unit, v);

/** A change: "+4.2ms", "-12/s"; fractions in percentage points ("+0.50pp"). */
export const fmtAbsDelta = (unit: KeyUnit, d: Delta): string => fmtChange(unit, d);

/** The relative change: "+10.5%"; a dash when the baseline is 0. */
export const fmtRelDelta = (d: Delta): string => fmtRel(d);

/** "45.6ms ± 2.1ms"; a single run has no spread: just "45.6ms". */
export const fmtSpread = (unit: KeyUnit, s: Spread | null): string =>
  s === null ? MISSING : fmtMeanSd(unit, s.mean, s.sd, s.n);
