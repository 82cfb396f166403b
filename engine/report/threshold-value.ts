/**
 * The observed value of a threshold (`p(95)=1.23ms`), formatted once for the terminal summary and the HTML report.
 */
import type { ThresholdState } from '../metrics/thresholds/evaluate.ts';
import { fmtMs, fmtPct } from './numbers.ts';

/** The aggregation an expression compares, e.g. `p(95)` or `rate`. */
export function observedName(expr: string): string {
  return (/^\s*(p\(\s*[\d.]+\s*\)|[a-z]+)/i.exec(expr)?.[1] ?? 'value').replace(/\s+/g, '');
}

/** `p(95)=1.23ms`, `rate=0.56%`, `count=3`, or `no data` when the metric had none. */
export function observedText(t: Pick<ThresholdState, 'metric' | 'expression' | 'value'>): string {
  if (t.value === null) return 'no data';
  return `${observedName(t.expression)}=${thresholdValue(t.metric, t.expression, t.value)}`;
}

/** The value in the unit the expression compares: percentages for rates, durations for time metrics, else plain. */
export function thresholdValue(metric: string, expr: string, v: number): string {
  if (/^\s*rate/.test(expr) && !/^(http_reqs|iterations|data_|dropped)/.test(metric)) return fmtPct(v);
  if (
    /duration|http_req_(blocked|looking_up|connecting|tls_handshaking|sending|waiting|receiving)/.test(metric) &&
    !/^\s*count/.test(expr)
  )
    return fmtMs(v);
  return String(Math.round(v * 1000) / 1000);
}
