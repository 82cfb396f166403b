/** Test helpers: a tick and the samples it came from, as the coordinator emits them. */
import { sample, series, seriesKey } from '../metrics/testing.ts';
import type { Sample } from '../metrics/sample.ts';
import { timelinePoint } from '../metrics/timeline.ts';
import type { Tick } from '../runtime/run-handle.ts';

/** One second of a run: `ok` 200s and `bad` 503s of request "List" (durations in µs), a check, an iteration. */
export function second(
  interval: number,
  ok: readonly number[],
  bad: readonly number[],
): { tick: Tick; samples: Sample[] } {
  const samples = [
    sample(0, {
      interval,
      series: [
        ...(ok.length ? [series(seriesKey('browse', '::catalog', 'List', 'GET', 200, true, { team: 'a b' }), ok)] : []),
        ...(bad.length
          ? [series(seriesKey('browse', '::catalog', 'List', 'GET', 503, false, { team: 'a b' }), bad)]
          : []),
      ],
      checks: [
        {
          key: { scenario: 'browse', group: '::catalog', request: 'List', check: 'status is 200' },
          pass: ok.length,
          fail: bad.length,
        },
      ],
      vus: { browse: 2 },
    }),
  ];
  const point = timelinePoint(samples, interval + 1, 1);
  const tick: Tick = {
    ...point,
    elapsedMs: (interval + 1) * 1000,
    vusMax: 3,
    totals: { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 },
    thresholds: [{ metric: 'http_req_duration', expression: 'p(95)<500', ok: true, value: 1, abortOnFail: false }],
    live: { requests: [], statuses: {}, errors: [] },
  };
  return { tick, samples };
}
