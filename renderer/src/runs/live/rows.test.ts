import { describe, expect, it } from 'vitest';
import { liveRows, sortRows, summaryRows, type RequestRow } from './rows.ts';
import { summary } from './testing.ts';

describe('request rows', () => {
  it('from live totals: failed share and checks pass share per request', () => {
    const rows = liveRows({
      requests: [
        {
          name: 'Log in',
          method: 'POST',
          count: 40,
          rate: 4,
          failed: 2,
          p50: 3,
          p95: 7,
          p99: 9,
          max: 11,
          checksPass: 30,
          checksFail: 10,
        },
      ],
      statuses: {},
      errors: [],
    });
    expect(rows).toEqual([
      {
        key: 'Log in',
        name: 'Log in',
        method: 'POST',
        scenario: null,
        count: 40,
        rate: 4,
        p50: 3,
        p95: 7,
        p99: 9,
        max: 11,
        failedRate: 0.05,
        checksRate: 0.75,
      },
    ]);
    expect(
      liveRows({
        requests: [
          {
            name: 'x',
            method: null,
            count: 0,
            rate: 0,
            failed: 0,
            p50: 0,
            p95: 0,
            p99: 0,
            max: 0,
            checksPass: 0,
            checksFail: 0,
          },
        ],
        statuses: {},
        errors: [],
      })[0],
    ).toMatchObject({ failedRate: 0, checksRate: null });
  });

  it('from a summary: the same columns, checks summed per scenario and request', () => {
    const s = summary({
      checks: [
        { scenario: 'default', group: '', request: 'List users', name: 'status is 200', passes: 98, fails: 2 },
        { scenario: 'default', group: '', request: 'List users', name: 'fast', passes: 100, fails: 0 },
        { scenario: 'other', group: '', request: 'List users', name: 'fast', passes: 0, fails: 50 },
      ],
    });
    expect(summaryRows(s)).toEqual([
      {
        key: 'default\u0000List users\u0000GET',
        name: 'List users',
        method: 'GET',
        scenario: null,
        count: 100,
        rate: 10,
        p50: 4,
        p95: 9,
        p99: 12,
        max: 20,
        failedRate: 0.02,
        checksRate: 0.99,
      },
    ]);
  });

  it('a live row and the summary row of the same totals are equal but for the key', () => {
    const live = liveRows({
      requests: [
        {
          name: 'List users',
          method: 'GET',
          count: 100,
          rate: 10,
          failed: 2,
          p50: 4,
          p95: 9,
          p99: 12,
          max: 20,
          checksPass: 0,
          checksFail: 0,
        },
      ],
      statuses: {},
      errors: [],
    })[0];
    const done = summaryRows(summary())[0];
    expect({ ...live, key: '' }).toEqual({ ...done, key: '' });
  });
});

describe('sortRows', () => {
  const row = (name: string, p95: number, checksRate: number | null): RequestRow => ({
    key: name,
    name,
    method: null,
    scenario: null,
    count: 1,
    rate: 1,
    p50: 1,
    p95,
    p99: 1,
    max: 1,
    failedRate: 0,
    checksRate,
  });
  const rows = [row('b', 5, 1), row('a', 9, null), row('c', 1, 0.5)];
  const names = (r: RequestRow[]) => r.map((x) => x.name);

  it('sorts by name or by a number, either way', () => {
    expect(names(sortRows(rows, { column: 'name', descending: false }))).toEqual(['a', 'b', 'c']);
    expect(names(sortRows(rows, { column: 'p95', descending: true }))).toEqual(['a', 'b', 'c']);
    expect(names(sortRows(rows, { column: 'p95', descending: false }))).toEqual(['c', 'b', 'a']);
  });

  it('puts rows without a value last, in both directions, and does not change its input', () => {
    expect(names(sortRows(rows, { column: 'checksRate', descending: true }))).toEqual(['b', 'c', 'a']);
    expect(names(sortRows(rows, { column: 'checksRate', descending: false }))).toEqual(['c', 'b', 'a']);
    expect(names(rows)).toEqual(['b', 'a', 'c']);
  });
});
