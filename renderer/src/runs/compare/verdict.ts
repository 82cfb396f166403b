/** A change of a key number judged by the metric's better direction: an improvement, a regression, or no change. */
import { delta, type Delta, type KeyMetric } from 'loadsmith/report';

/** `neutral`: a change of a volume (data received), neither better nor worse. */
export type Verdict = 'better' | 'worse' | 'same' | 'neutral';

/** A compared number: its value, and its change from the baseline when both exist. */
export interface Change {
  value: number | null;
  delta: Delta | null;
  verdict: Verdict | null;
}

export function change(metric: Pick<KeyMetric, 'better'>, baseline: number | null, value: number | null): Change {
  if (baseline === null || value === null) return { value, delta: null, verdict: null };
  const d = delta(baseline, value);
  const verdict: Verdict =
    d.abs === 0
      ? 'same'
      : metric.better === 'neither'
        ? 'neutral'
        : d.abs > 0 === (metric.better === 'higher')
          ? 'better'
          : 'worse';
  return { value, delta: d, verdict };
}
