/** Number formatting for people (pure: the app's renderer uses it too): durations like k6 (1.23ms, 456µs, 1.2s, 1m2s), sizes in kB/MB, counts with separators. */

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

export function fmtBytes(n: number): string {
  if (n < 1000) return `${Math.round(n)} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = -1;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${trim(v, v < 10 ? 2 : v < 100 ? 1 : 0)} ${units[i]}`;
}

export function fmtCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function fmtRate(n: number): string {
  return `${n >= 100 ? fmtCount(n) : trim(n, n >= 10 ? 1 : 2)}/s`;
}

export function fmtPct(ratio: number): string {
  return `${(ratio * 100).toFixed(2)}%`;
}

/** Fixed digits without trailing zeros after the point (never touching integer zeros: 670 stays 670). */
function trim(v: number, digits: number): string {
  const s = v.toFixed(digits);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
