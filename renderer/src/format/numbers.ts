/**
 * Numbers for people, the same way the CLI prints them (engine/report/format.ts; a test keeps the two in step).
 * Reimplemented rather than imported so the renderer depends on app/contract only (DESIGN.md layering).
 */

/** Durations like k6: 456µs, 1.23ms, 1.2s, 1m2s, 1h0m5s. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms === 0) return '0s';
  if (ms < 1) return `${trim(ms * 1000, ms * 1000 < 10 ? 2 : ms * 1000 < 100 ? 1 : 0)}µs`;
  if (ms < 1000) return `${trim(ms, ms < 10 ? 2 : ms < 100 ? 1 : 0)}ms`;
  if (ms < 60_000) return `${trim(ms / 1000, 2)}s`;
  const m = Math.floor(ms / 60_000);
  const s = (ms - m * 60_000) / 1000;
  if (m < 60) return `${m}m${trim(s, 0)}s`;
  return `${Math.floor(m / 60)}h${m % 60}m${trim(s, 0)}s`;
}

/** Sizes in B, kB, MB, GB, TB (powers of 1000). */
export function fmtBytes(n: number): string {
  if (n < 1000) return `${Math.round(n)} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = -1;
  while (v >= 1000 && i < units.length - 1) { v /= 1000; i++; }
  return `${trim(v, v < 10 ? 2 : v < 100 ? 1 : 0)} ${units[i] ?? ''}`;
}

/** Whole numbers with thousands separators. */
export function fmtCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Per-second rates: 3.45/s, 12.3/s, 1,234/s. */
export function fmtRate(n: number): string {
  return `${n >= 100 ? fmtCount(n) : trim(n, n >= 10 ? 1 : 2)}/s`;
}

/** A ratio as a percentage with two decimals. */
export function fmtPct(ratio: number): string {
  return `${(ratio * 100).toFixed(2)}%`;
}

/**
 * A threshold's observed value in the unit its expression compares: percentages for rates, durations for
 * time metrics, plain numbers for counts (as the CLI's summary).
 */
export function fmtThresholdValue(metric: string, expression: string, value: number): string {
  if (/^\s*rate/.test(expression) && !/^(http_reqs|iterations|data_|dropped)/.test(metric)) return fmtPct(value);
  if (/duration|http_req_(blocked|connecting|tls_handshaking|sending|waiting|receiving)/.test(metric) && !/^\s*count/.test(expression)) return fmtMs(value);
  return String(Math.round(value * 1000) / 1000);
}

/** The aggregation an expression compares, e.g. `p(95)` in `p(95)<500`. */
export function observedName(expression: string): string {
  return (/^\s*(p\(\s*[\d.]+\s*\)|[a-z]+)/i.exec(expression)?.[1] ?? 'value').replace(/\s+/g, '');
}

function trim(v: number, digits: number): string {
  const s = v.toFixed(digits);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
