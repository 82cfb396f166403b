import { describe, expect, it } from 'vitest';
import { htmlReport } from './html/index.ts';
import { textSummary } from './text-summary.ts';
import { partialSummary, type PartialRun, type StoredSecond } from '../metrics/partial-summary.ts';
import { hist, sample, series, seriesKey } from '../metrics/testing.ts';
import { timelinePoint } from '../metrics/timeline.ts';
import { trendStats } from '../metrics/trend.ts';

const RUN: PartialRun = {
  plan: { name: 'cut off' },
  startedAt: new Date('2025-03-01T10:00:00.000Z'),
  scenarios: [{ name: 's', executor: 'constant-vus', description: '5 VUs for 1m', maxVus: 5 }],
  vusMax: 5,
  workers: 1,
  cpus: 2,
  version: 't',
  reason: 'Loadsmith stopped while this run was in progress',
};

/** Second `i` (1-based) as the app stores it: `durations` of status 200 and one 500, with its histogram unless `legacy`. */
function second(i: number, durations: number[], legacy = false): StoredSecond {
  const s = sample(0, {
    interval: i - 1,
    vus: { s: 5 },
    series: [
      series(seriesKey('s', '', 'List', 'GET', 200, true), durations, { sentEach: 10, receivedEach: 100 }),
      series(seriesKey('s', '', 'List', 'GET', 500, false), [90_000]),
    ],
    checks: [{ key: { scenario: 's', group: '', request: 'List', check: 'is 200' }, pass: durations.length, fail: 1 }],
    iterations: [{ scenario: 's', completed: 3, interrupted: 0, duration: hist([1]).toJSON() }],
    errors: [{ kind: 'timeout', scenario: 's', request: 'List', message: 't', count: 1 }],
  });
  return {
    ...timelinePoint([s], i, 1),
    elapsedMs: i * 1000,
    vusMax: 5,
    thresholds: [{ metric: 'http_req_failed', expression: 'rate<0.5', ok: i < 3, value: 0.1, abortOnFail: false }],
    ...(legacy ? {} : { durationHistogram: hist([...durations, 90_000]).toJSON() }),
  };
}

const D = [
  [1000, 2000, 3000],
  [1500, 2500],
  [4000, 800, 1200, 900],
];

describe('partialSummary', () => {
  it('counts exactly what the stored seconds hold, with exact http_req_duration percentiles from their histograms', () => {
    const s = partialSummary(
      D.map((d, i) => second(i + 1, d)),
      RUN,
    );
    const all = [...D.flat(), 90_000, 90_000, 90_000];
    expect(s._total).toBe(all.length);
    expect(s.metrics.http_reqs).toEqual({ type: 'counter', unit: 'count', count: all.length, rate: all.length / 3 });
    expect(s.metrics.http_req_failed).toMatchObject({ rate: 3 / all.length, passes: 3 });
    expect(s.metrics.http_req_duration).toEqual({ type: 'trend', unit: 'ms', ...trendStats(hist(all)) });
    expect([s._p50, s._p99]).toEqual([trendStats(hist(all)).med, trendStats(hist(all)).p99]);
    expect(s.metrics.checks).toMatchObject({ passes: 9, fails: 3 });
    expect(s.metrics.iterations).toMatchObject({ count: 9 });
    expect(s.metrics.data_sent).toMatchObject({ count: 10 * 9 });
    expect(s.statuses).toEqual({ 200: 9, 500: 3 });
    expect(s.scenarios[0]).toMatchObject({ name: 's', iterations: 9 });
    expect([s.durationMs, s.endedAt, s.stoppedBy]).toEqual([3000, '2025-03-01T10:00:03.000Z', 'error']);
    // Thresholds as they stood at the last stored second.
    expect([s.status, s.thresholds[0]?.ok]).toEqual(['failed', false]);
    expect(s.partial).toMatchObject({ seconds: 3 });
    expect(s.partial?.unknown).not.toContain(expect.stringMatching(/^http_req_duration/));
    expect(s.notes[0]).toMatch(
      /^partial: Loadsmith stopped while this run was in progress; this summary was rebuilt from the 3 s/,
    );
    expect(s.notes[1]).toBe('3 request errors (their kinds are not kept per second)');
    expect(s.timeline).toHaveLength(3);
    expect(s.timeline[0]).not.toHaveProperty('durationHistogram');
    expect(s.timeline[0]).not.toHaveProperty('thresholds');
  });

  it('says the percentiles are unknown when the seconds carry no histograms, and shows none', () => {
    const s = partialSummary(
      D.map((d, i) => second(i + 1, d, true)),
      RUN,
    );
    expect(s._total).toBe(12);
    expect(s.metrics).not.toHaveProperty('http_req_duration');
    expect(s.partial?.unknown[0]).toMatch(/^http_req_duration/);
    expect(s.notes[0]).toMatch(/Not known: http_req_duration/);
  });

  it('leaves per-scenario numbers out when the run had several scenarios', () => {
    const s = partialSummary([second(1, [1000])], {
      ...RUN,
      scenarios: [...RUN.scenarios, { name: 't', executor: 'constant-vus', description: '', maxVus: 1 }],
    });
    expect(s.scenarios.map((x) => x.iterations)).toEqual([0, 0]);
    expect(s.partial?.unknown).toContain('iterations per scenario');
  });

  it('renders as text and as an HTML report, its notes saying it is partial', () => {
    const s = partialSummary(
      D.map((d, i) => second(i + 1, d, true)),
      RUN,
    );
    expect(textSummary(s)).toContain('partial: Loadsmith stopped');
    expect(htmlReport(s)).toContain('partial: Loadsmith stopped');
  });
});
