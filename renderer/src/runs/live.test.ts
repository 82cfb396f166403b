import { describe, expect, it } from 'vitest';
import { failingThresholds, liveText, type Tick } from './live.ts';

const tick = (over: Partial<Tick> = {}): Tick => ({
  t: 12,
  span: 1,
  vus: 20,
  reqs: 150,
  rps: 153.24,
  failed: 0,
  iterations: 10,
  interrupted: 0,
  dataSent: 0,
  dataReceived: 0,
  checksPass: 0,
  checksFail: 0,
  errors: 0,
  dropped: 0,
  scheduled: 0,
  started: 0,
  lag: null,
  generator: { cpu: 0.2, elu: 0.3, loopDelayP99Ms: 1 },
  latency: { avg: 5, p50: 4, p90: 9, p95: 12.34, p99: 20, max: 30 },
  requests: {},
  statuses: {},
  elapsedMs: 12_000,
  vusMax: 20,
  totals: { reqs: 1000, failed: 5, iterations: 100, checksPass: 0, checksFail: 0, errors: 5 },
  thresholds: [{ metric: 'http_req_failed', expression: 'rate<0.01', ok: true, value: 0.005, abortOnFail: false }],
  live: { requests: [], statuses: {}, errors: [] },
  ...over,
});

describe('liveText', () => {
  it('shows elapsed, VUs, rate, p95 and failed share like the CLI progress line', () => {
    expect(liveText(tick())).toBe('12s · 20/20 VUs · 153/s · p95 12.3ms · 0.50% failed');
  });

  it('copes with a second without responses and no requests yet', () => {
    expect(
      liveText(
        tick({
          latency: null,
          totals: { reqs: 0, failed: 0, iterations: 0, checksPass: 0, checksFail: 0, errors: 0 },
          rps: 0,
        }),
      ),
    ).toBe('12s · 20/20 VUs · 0/s · p95 - · 0.00% failed');
  });

  it('counts failing thresholds', () => {
    expect(failingThresholds(tick())).toBe(0);
    expect(
      failingThresholds(
        tick({ thresholds: [{ metric: 'm', expression: 'p(95)<1', ok: false, value: 2, abortOnFail: false }] }),
      ),
    ).toBe(1);
  });
});
