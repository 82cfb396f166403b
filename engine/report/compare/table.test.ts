import { describe, expect, it } from 'vitest';
import { paint } from '../format.ts';
import { fmtChange, fmtKey, fmtRel } from './format.ts';
import { runName, uniqueNames } from './run-name.ts';
import { compareRuns, verdictOf, type CompareRow } from './table.ts';
import { compareText } from './text.ts';
import { fakeSummary } from './testing.ts';

const row = (rows: CompareRow[], key: string): CompareRow => {
  const r = rows.find((x) => x.key === key);
  if (!r) throw new Error(`no row ${key}`);
  return r;
};

describe('compareRuns', () => {
  const a = fakeSummary({ requests: 1000, durationMs: 10_000, latency: { p95: 200 }, failed: 0.01 });
  const b = fakeSummary({ requests: 1200, durationMs: 10_000, latency: { p95: 150 }, failed: 0.02, checks: null });
  const c = fakeSummary({ requests: 800, durationMs: 10_000, latency: { p95: 201 }, failed: 0 });

  it('gives every run its value and, after the baseline, the change from it', () => {
    const cmp = compareRuns([
      { name: 'a', summaries: [a] },
      { name: 'b', summaries: [b] },
      { name: 'c', summaries: [c] },
    ]);
    expect(cmp.runs.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    const rps = row(cmp.rows, 'rps');
    expect(rps.cells.map((x) => x.value)).toEqual([100, 120, 80]);
    expect(rps.cells[0]).toMatchObject({ delta: null, verdict: null, sd: null, n: 1 });
    expect(rps.cells[1]?.delta?.abs).toBeCloseTo(20, 9);
    expect(rps.cells[1]?.delta?.rel).toBeCloseTo(0.2, 9);
    expect(rps.cells[1]?.verdict).toBe('better');
    expect(rps.cells[2]?.delta?.rel).toBeCloseTo(-0.2, 9);
    expect(rps.cells[2]?.verdict).toBe('worse');
    // lower is better for latency; +0.5% is within the noise band
    const p95 = row(cmp.rows, 'p95');
    expect(p95.cells[1]).toMatchObject({ value: 150, delta: { abs: -50, rel: -0.25 }, verdict: 'better' });
    expect(p95.cells[2]).toMatchObject({ value: 201, delta: { abs: 1, rel: 0.005 }, verdict: 'unchanged' });
  });

  it('has no percentage from a zero baseline, but still judges the direction', () => {
    const cmp = compareRuns([
      { name: 'c', summaries: [c] },
      { name: 'a', summaries: [a] },
    ]);
    const failed = row(cmp.rows, 'failed');
    expect(failed.cells[0]?.value).toBe(0);
    expect(failed.cells[1]?.delta).toEqual({ abs: 0.01, rel: null });
    expect(failed.cells[1]?.verdict).toBe('worse');
    expect(fmtRel(failed.cells[1]?.delta ?? null)).toBe('—');
    expect(fmtChange('fraction', failed.cells[1]?.delta ?? null)).toBe('+1.00pp');
  });

  it('leaves a metric a run does not have as missing, with no change', () => {
    const cmp = compareRuns([
      { name: 'a', summaries: [a] },
      { name: 'b', summaries: [b] },
    ]);
    const checks = row(cmp.rows, 'checks');
    expect(checks.cells[0]?.value).toBe(1);
    expect(checks.cells[1]).toMatchObject({ value: null, delta: null, verdict: null, n: 0 });
    const noRequests = fakeSummary({ requests: 0, latency: null });
    expect(row(compareRuns([{ name: 'x', summaries: [noRequests] }]).rows, 'p95').cells[0]?.value).toBeNull();
  });

  it('uses the mean and sd of repeats, and compares means', () => {
    const reps = [100, 110, 120].map((p95) => fakeSummary({ latency: { p95 } }));
    const cmp = compareRuns([
      { name: 'before', summaries: [a] },
      { name: 'after', summaries: reps },
    ]);
    const p95 = row(cmp.rows, 'p95');
    expect(p95.cells[1]).toMatchObject({ value: 110, sd: 10, n: 3, delta: { abs: -90 } });
    expect(cmp.runs[1]?.repeats).toBe(3);
  });

  it('judges direction, with unchanged for no or tiny changes', () => {
    expect(verdictOf({ abs: 0, rel: 0 }, 'higher')).toBe('unchanged');
    expect(verdictOf({ abs: 5, rel: 0.009 }, 'lower')).toBe('unchanged');
    expect(verdictOf({ abs: 5, rel: 0.011 }, 'lower')).toBe('worse');
    expect(verdictOf({ abs: -5, rel: -0.5 }, 'lower')).toBe('better');
    expect(verdictOf({ abs: 5, rel: null }, 'higher')).toBe('better');
  });

  it('renders a table with Δ and Δ% columns, marks and missing values', () => {
    const text = compareText(
      compareRuns([
        { name: 'a', summaries: [a] },
        { name: 'b', summaries: [b] },
      ]),
      paint(false),
    );
    const lines = text.split('\n');
    expect(lines.find((l) => l.trim().startsWith('metric'))).toMatch(/metric\s+a\s+b\s+Δ\s+Δ%$/);
    expect(lines.find((l) => l.trim().startsWith('req/s'))).toMatch(/req\/s\s+100\/s\s+120\/s\s+\+20\/s\s+\+20\.0% ✓$/);
    expect(lines.find((l) => l.trim().startsWith('p(95)'))).toMatch(/p\(95\)\s+200ms\s+150ms\s+-50ms\s+-25\.0% ✓$/);
    expect(lines.find((l) => l.trim().startsWith('failed'))).toMatch(
      /failed\s+1\.00%\s+2\.00%\s+\+1\.00pp\s+\+100\.0% ✗$/,
    );
    expect(lines.find((l) => l.trim().startsWith('checks passed'))).toMatch(/checks passed\s+100\.00%\s+—\s+—\s+—$/);
    expect(text).toMatch(/a \(baseline\)\s+fake plan · 2025-03-01 10:00:00 UTC · 10s/);
    expect(text.includes('\x1b[')).toBe(false);
    expect(text).not.toMatch(/different plans/);
    const other = fakeSummary({ plan: 'another plan' });
    expect(
      compareText(
        compareRuns([
          { name: 'a', summaries: [a] },
          { name: 'o', summaries: [other] },
        ]),
        paint(false),
      ),
    ).toMatch(/! the runs are of 2 different plans/);
    expect(
      compareText(
        compareRuns([
          { name: 'a', summaries: [a] },
          { name: 'b', summaries: [b] },
        ]),
        paint(true),
      ),
    ).toContain('\x1b[31m+100.0% ✗\x1b[0m');
  });
});

describe('formatting and names', () => {
  it('formats values per unit', () => {
    expect(fmtKey('ms', 1234)).toBe('1.23s');
    expect(fmtKey('count', 12.345)).toBe('12.3');
    expect(fmtKey('count', 12345.6)).toBe('12,346');
    expect(fmtKey('bytes', 2_500_000)).toBe('2.5 MB');
    expect(fmtKey('fraction', null)).toBe('—');
    expect(fmtChange('ms', { abs: 0, rel: 0 })).toBe('±0s');
    expect(fmtRel({ abs: -1, rel: -0.123 })).toBe('-12.3%');
  });

  it('names runs by file, or by plan and start time, and keeps names unique', () => {
    const s = fakeSummary({ plan: 'Users API' });
    expect(runName(s, 'results/before.json')).toBe('before');
    expect(runName(s, 'C:\\runs\\after.JSON')).toBe('after');
    expect(runName(s)).toBe('Users API 2025-03-01 10:00:00 UTC');
    expect(uniqueNames(['a', 'a', 'a (2)', 'b'])).toEqual(['a', 'a (2)', 'a (2) (2)', 'b']);
  });
});
