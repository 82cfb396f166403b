import { describe, expect, it } from 'vitest';
import { point, summary, tick } from '../live/testing.ts';
import { dashboardData } from './dashboard-data.ts';

const threshold = (ok: boolean, value: number) => ({
  metric: 'http_req_failed',
  expression: 'rate<0.01',
  ok,
  value,
  abortOnFail: false,
});

describe('dashboardData: where each table takes its numbers', () => {
  it("running: the newest tick's live totals and thresholds, evaluated at its time", () => {
    const latest = tick(12, {
      thresholds: [threshold(false, 0.02)],
      live: {
        requests: [
          {
            name: 'Log in',
            method: 'POST',
            count: 50,
            rate: 4.2,
            failed: 1,
            p50: 1,
            p95: 2,
            p99: 3,
            max: 4,
            checksPass: 5,
            checksFail: 0,
          },
        ],
        statuses: { 200: 49, 0: 1 },
        errors: [{ kind: 'refused', request: 'Log in', count: 1, message: 'ECONNREFUSED' }],
      },
    });
    const d = dashboardData(true, latest, summary(), [point(1)]);
    expect(d.rows.map((r) => [r.name, r.count])).toEqual([['Log in', 50]]);
    expect(d.statuses).toEqual({ 200: 49, 0: 1 });
    expect(d.errors).toHaveLength(1);
    expect(d.thresholds).toEqual([threshold(false, 0.02)]);
    expect(d.evaluated).toBe('live, at 12s');
  });

  it("stalls a closed model hid: the newest tick's so far while running, the summary's once finished", () => {
    const stall = {
      atS: 5,
      seconds: 1,
      share: 0.007,
      vus: 10,
      longestMs: 1004,
      message: 'at 5 s throughput fell to 0.7 % of the median for 1 s',
    };
    const latest = tick(9, { live: { requests: [], statuses: {}, errors: [], stalls: [stall] } });
    expect(dashboardData(true, latest, null, [point(1)]).stalls).toEqual([stall]);
    expect(dashboardData(true, tick(3), null, [point(1)]).stalls).toEqual([]);
    expect(dashboardData(false, latest, summary({ stalls: [] }), [point(1)]).stalls).toEqual([]);
    expect(dashboardData(false, tick(3), summary({ stalls: [stall] }), [point(1)]).stalls).toEqual([stall]);
    // A summary written before stalls were detected has none.
    expect(dashboardData(false, undefined, summary(), [point(1)]).stalls).toEqual([]);
    expect(dashboardData(false, undefined, null, [point(1)]).stalls).toEqual([]);
  });

  it('running before the first tick: empty, and says it waits', () => {
    expect(dashboardData(true, undefined, null, [])).toMatchObject({
      rows: [],
      thresholds: [],
      evaluated: 'not yet',
      noRows: expect.stringMatching(/Waiting/),
    });
  });

  it('finished: the stored summary, never a stale tick', () => {
    const s = summary({ thresholds: [threshold(true, 0.001)] });
    const d = dashboardData(false, tick(9), s, [point(1)]);
    expect(d.rows.map((r) => [r.name, r.count, r.method])).toEqual([['List users', 100, 'GET']]);
    expect(d.statuses).toBe(s.statuses);
    expect(d.thresholds).toEqual([threshold(true, 0.001)]);
    expect(d.evaluated).toBe('at the end (10s)');
  });

  it('partial (summed up after a crash): says per-request numbers are not known rather than that none were sent', () => {
    const s = summary({
      requests: [],
      partial: { reason: 'Loadsmith stopped', seconds: 3, unknown: ['per-request numbers'] },
    });
    expect(dashboardData(false, undefined, s, [point(1)]).noRows).toMatch(/^Not known: this run was cut off/);
    expect(dashboardData(false, undefined, summary({ requests: [] }), [point(1)]).noRows).toBe(
      'This run sent no requests.',
    );
  });

  it('no summary (interrupted): status codes summed over the stored seconds, the last thresholds', () => {
    const d = dashboardData(false, undefined, null, [
      point(1, { statuses: { 200: 3 } }),
      point(2, { statuses: { 200: 4, 500: 1 }, thresholds: [threshold(false, 0.2)] }),
    ]);
    expect(d.statuses).toEqual({ 200: 7, 500: 1 });
    expect(d.thresholds).toEqual([threshold(false, 0.2)]);
    expect(d.rows).toEqual([]);
    expect(d.evaluated).toBe('last stored second (2s)');
  });
});
