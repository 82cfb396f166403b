/**
 * The per-request table's rows, from the live totals of a running run or from the stored summary of a finished
 * one, in one shape so the table (and its sort) is the same in both. Both sources are cumulative over the whole
 * run (never averages of per-second numbers); the rate is count / elapsed time in both (the summary divides by the
 * run's measured duration, the live totals by the time of their tick).
 */
import type { LiveTotals, RunSummary } from './types.ts';

export interface RequestRow {
  /** Unique per row: the name live; scenario + name + method in a summary (which splits them). */
  key: string;
  /** The request name: what the per-second points are keyed by (the per-request chart). */
  name: string;
  method: string | null;
  scenario: string | null;
  count: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failedRate: number;
  /** Share of checks that passed on this request; null when it has no checks. */
  checksRate: number | null;
}

const share = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);
const checks = (pass: number, fail: number): number | null => (pass + fail > 0 ? pass / (pass + fail) : null);

export function liveRows(live: LiveTotals): RequestRow[] {
  return live.requests.map((r) => ({
    key: r.name,
    name: r.name,
    method: r.method,
    scenario: null,
    count: r.count,
    rate: r.rate,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    max: r.max,
    failedRate: share(r.failed, r.count),
    checksRate: checks(r.checksPass, r.checksFail),
  }));
}

export function summaryRows(s: RunSummary): RequestRow[] {
  const multiScenario = new Set(s.requests.map((r) => r.scenario)).size > 1;
  const checkTotals = new Map<string, { pass: number; fail: number }>();
  for (const c of s.checks) {
    const k = `${c.scenario}\u0000${c.request}`;
    const t = checkTotals.get(k) ?? { pass: 0, fail: 0 };
    t.pass += c.passes;
    t.fail += c.fails;
    checkTotals.set(k, t);
  }
  return s.requests.map((r) => {
    const c = checkTotals.get(`${r.scenario}\u0000${r.name}`);
    return {
      key: `${r.scenario}\u0000${r.name}\u0000${r.method}`,
      name: r.name,
      method: r.method,
      scenario: multiScenario ? r.scenario : null,
      count: r.count,
      rate: r.rate,
      p50: r.duration.med,
      p95: r.duration.p95,
      p99: r.duration.p99,
      max: r.duration.max,
      failedRate: r.failedRate,
      checksRate: c ? checks(c.pass, c.fail) : null,
    };
  });
}

export type SortColumn = 'name' | 'count' | 'rate' | 'p50' | 'p95' | 'p99' | 'max' | 'failedRate' | 'checksRate';
export interface Sort {
  column: SortColumn;
  descending: boolean;
}

/** A sorted copy; rows without a value (no checks) go last either way, ties keep name order. */
export function sortRows(rows: readonly RequestRow[], sort: Sort): RequestRow[] {
  const dir = sort.descending ? -1 : 1;
  const byName = (a: RequestRow, b: RequestRow): number => a.name.localeCompare(b.name) || a.key.localeCompare(b.key);
  return [...rows].sort((a, b) => {
    if (sort.column === 'name') return dir * byName(a, b);
    const x = a[sort.column];
    const y = b[sort.column];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return x === y ? byName(a, b) : dir * (x - y);
  });
}
