/** The load profile in words: the chart's caption and text alternative, and the requests estimate. */
import { formatDuration } from 'loadsmith/plan';
import type { LoadEstimate } from './estimate.ts';
import type { PlanLoad } from './plan-load.ts';

/** 0 reads as 0s on a time axis, not 0ms. */
export const timeText = (ms: number): string => (ms === 0 ? '0s' : formatDuration(ms));
const vus = (n: number): string => `${n} VU${n === 1 ? '' : 's'}`;

/** Iterations per second as the chart shows them: 12/s, 0.5/s. */
export function rateText(perSecond: number): string {
  return `${Number.isInteger(perSecond) ? perSecond : Number(perSecond.toFixed(2))} iterations/s`;
}

/** "Peak 10 VUs at 3s; ends at 14s" (≈ when an iteration executor's end is estimated; the rate for open models). */
export function profileCaption(load: PlanLoad): string {
  if (load.scenarios.length === 0) return 'No load to show yet: give a scenario valid load fields.';
  const parts: string[] = [];
  if (load.scenarios.some((s) => s.draws === 'vus'))
    parts.push(`peak ${vus(load.peak.vus)} at ${timeText(load.peak.atMs)}`);
  if (load.peakRate) parts.push(`peak ${rateText(load.peakRate.perSecond)} at ${timeText(load.peakRate.atMs)}`);
  const approx = load.scenarios.some((s) => s.estimatedEnd && s.endMs === load.endMs) ? '≈' : '';
  parts.push(`ends at ${approx}${timeText(load.endMs)}`);
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 1234.4 -> "1,234"; estimates are rounded to what the estimate can honestly claim. */
export function countText(n: number, exact: boolean): string {
  if (exact) return Math.round(n).toLocaleString('en-US');
  const digits = n >= 1000 ? Math.pow(10, Math.floor(Math.log10(n)) - 1) : 1;
  return `≈ ${(Math.round(n / digits) * digits).toLocaleString('en-US')}`;
}

/** "≈ 12,000 requests" / "300 requests"; "unknown" when loops make the count unknowable (never a wrong number). */
export function requestsText(e: Pick<LoadEstimate, 'requests' | 'exact' | 'unknown'>): string {
  if (e.unknown !== undefined) return 'unknown number of requests';
  return `${countText(e.requests, e.exact)} request${Math.round(e.requests) === 1 && e.exact ? '' : 's'}`;
}
