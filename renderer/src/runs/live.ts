/** The live line of a running run, from its latest tick: the same numbers as the CLI's progress line. */
import type { EventPayload } from '../../../app/contract/index.ts';
import { fmtMs, fmtPct, fmtRate } from '../format/numbers.ts';

export type Tick = EventPayload<'run.tick'>['tick'];

/** e.g. "12s · 20/20 VUs · 153.2/s · p95 12.3ms · 0.00% failed". */
export function liveText(tick: Tick): string {
  const failed = tick.totals.reqs > 0 ? tick.totals.failed / tick.totals.reqs : 0;
  return [
    fmtMs(tick.elapsedMs),
    `${tick.vus}/${tick.vusMax} VUs`,
    fmtRate(tick.rps),
    `p95 ${tick.latency ? fmtMs(tick.latency.p95) : '-'}`,
    `${fmtPct(failed)} failed`,
  ].join(' · ');
}

/** How many thresholds currently fail (shown next to the live line). */
export function failingThresholds(tick: Tick): number {
  return tick.thresholds.filter((t) => !t.ok).length;
}
