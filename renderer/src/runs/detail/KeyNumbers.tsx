/** The headline numbers of a finished run, as the CLI's result line: requests, rate, percentiles, failures, checks. */
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../../format/numbers.ts';
import type { RunSummary as Summary } from '../live/types.ts';
import { Tiles } from './Tiles.tsx';

/** Tiles in a list named "Key numbers". */
export function KeyNumbers({ summary: s }: { summary: Summary }) {
  const duration = s.metrics.http_req_duration;
  const failed = s.metrics.http_req_failed;
  const checks = s.metrics.checks;
  const iterations = s.metrics.iterations;
  return (
    <Tiles
      label="Key numbers"
      tiles={[
        ['Duration', fmtMs(s.durationMs)],
        ['Requests', fmtCount(s._total)],
        ['Req/s', fmtRate(s._rps)],
        ['p50', fmtMs(s._p50)],
        ['p95', duration?.type === 'trend' ? fmtMs(duration.p95) : '—'],
        ['p99', fmtMs(s._p99)],
        ['Failed', failed?.type === 'rate' ? fmtPct(failed.rate) : '—'],
        ['Checks passed', checks?.type === 'rate' ? fmtPct(checks.rate) : '—'],
        ['Iterations', iterations?.type === 'counter' ? fmtCount(iterations.count) : '—'],
      ]}
    />
  );
}
