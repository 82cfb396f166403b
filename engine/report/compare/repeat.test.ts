import { describe, expect, it } from 'vitest';
import { paint } from '../format.ts';
import { completedRepeats, repeatResult, repeatStats, variation } from './repeat.ts';
import { repeatLine, repeatTable } from './repeat-text.ts';
import { fakeSummary } from './testing.ts';

const stat = (stats: ReturnType<typeof repeatStats>, key: string) => stats.find((s) => s.key === key)?.spread;

describe('repeat statistics', () => {
  // requests 900, 1000, 1100 over 10 s: rps 90, 100, 110 (mean 100, sd 10); p95 50, 60, 100 (mean 70, sd √700)
  const runs = [
    fakeSummary({ requests: 900, latency: { p95: 50 } }),
    fakeSummary({ requests: 1000, latency: { p95: 60 } }),
    fakeSummary({ requests: 1100, latency: { p95: 100 } }),
  ];

  it('gives mean, sample sd, min and max of every key metric', () => {
    const stats = repeatStats(runs);
    expect(stat(stats, 'rps')).toMatchObject({ n: 3, mean: 100, min: 90, max: 110 });
    expect(stat(stats, 'rps')?.sd).toBeCloseTo(10, 9);
    expect(stat(stats, 'requests')).toMatchObject({ mean: 1000, min: 900, max: 1100 });
    expect(stat(stats, 'p95')?.mean).toBeCloseTo(70, 9);
    expect(stat(stats, 'p95')?.sd).toBeCloseTo(Math.sqrt(700), 9);
    expect(variation(stat(stats, 'rps') ?? { n: 0, mean: 0, sd: 0, min: 0, max: 0 })).toBeCloseTo(0.1, 9);
  });

  it('has nothing for a metric no repeat has', () => {
    expect(stat(repeatStats([fakeSummary({ checks: null }), fakeSummary({ checks: null })]), 'checks')).toBeNull();
  });

  it('leaves repeats stopped early out of the statistics, but keeps their summaries', () => {
    const stopped = fakeSummary({ requests: 10, stoppedBy: 'stopped' });
    const r = repeatResult([...runs, stopped]);
    expect(r.kind).toBe('loadsmith-repeat');
    expect(r.repeats).toHaveLength(4);
    expect(r.measured).toEqual([1, 2, 3]);
    expect(r.stats.find((s) => s.key === 'requests')?.spread?.mean).toBe(1000);
    expect(completedRepeats([stopped])).toEqual([]);
  });

  it('prints a line per repeat and the table with mean ± sd, cv, min and max', () => {
    const p = paint(false);
    expect(repeatLine(2, 3, runs[1] ?? fakeSummary(), p)).toBe(
      '  repeat 2/3  ✓ passed  1,000 requests in 10s · 100/s · p(95)=60ms · failed 0.00%',
    );
    const failing = fakeSummary({
      stoppedBy: 'stopped',
      thresholds: [{ metric: 'http_req_failed', expression: 'rate<0.01', ok: false, value: 0.5, abortOnFail: false }],
    });
    expect(repeatLine(1, 3, failing, p)).toMatch(/✗ failed \(1 of 1 thresholds\).* · stopped by the user$/);
    const text = repeatTable(repeatResult(runs), p);
    expect(text).toMatch(/ACROSS 3 REPEATS — mean ± sample standard deviation/);
    expect(text).toMatch(/req\/s\s+100\/s ± 10\/s\s+10\.00%\s+90\/s\s+110\/s/);
    expect(text).toMatch(/p\(95\)\s+70ms ± 26\.5ms\s+37\.80%\s+50ms\s+100ms/);
    expect(repeatTable(repeatResult([fakeSummary({ stoppedBy: 'aborted' })]), p)).toMatch(
      /no repeat ran to completion/,
    );
    expect(repeatTable(repeatResult([runs[0] ?? fakeSummary()]), p)).toMatch(/one repeat: no spread/);
  });
});
