/**
 * The headline numbers of a running run, from its newest tick: cumulative totals (requests, average rate, failed
 * and checks shares, iterations: the same definitions as the finished run's key numbers) and the last second.
 */
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../../format/numbers.ts';
import type { Tick } from '../live/types.ts';
import { Tiles } from './Tiles.tsx';

/** Tiles in a list named "Key numbers"; "…" until the first tick. */
export function LiveNumbers({ tick }: { tick: Tick | undefined }) {
  if (!tick)
    return (
      <Tiles
        label="Key numbers"
        tiles={[
          ['Elapsed', '…'],
          ['Requests', '…'],
        ]}
      />
    );
  const t = tick.totals;
  const checks = t.checksPass + t.checksFail;
  const seconds = tick.elapsedMs / 1000;
  return (
    <Tiles
      label="Key numbers"
      tiles={[
        ['Elapsed', fmtMs(tick.elapsedMs)],
        ['VUs', `${fmtCount(tick.vus)} / ${fmtCount(tick.vusMax)}`],
        ['Requests', fmtCount(t.reqs)],
        ['Req/s', fmtRate(seconds > 0 ? t.reqs / seconds : 0)],
        ['Req/s now', fmtRate(tick.rps)],
        ['p95 now', tick.latency ? fmtMs(tick.latency.p95) : '—'],
        ['Failed', fmtPct(t.reqs > 0 ? t.failed / t.reqs : 0)],
        ['Checks passed', checks > 0 ? fmtPct(t.checksPass / checks) : '—'],
        ['Iterations', fmtCount(t.iterations)],
      ]}
    />
  );
}
