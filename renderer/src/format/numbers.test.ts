import { describe, expect, it } from 'vitest';
// The CLI's formatters: the UI must print the same numbers the same way.
import * as cli from '../../../engine/report/format.ts';
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate, fmtThresholdValue, observedName } from './numbers.ts';

const SAMPLES = [0, 0.0004, 0.0123, 0.5, 0.9999, 1, 9.876, 45.67, 123.4, 999.9, 1000, 1234.5, 59_999, 60_000, 61_500, 3_599_999, 3_600_000, 7_384_123, Infinity, NaN];

describe('formatters match the CLI', () => {
  it.each(SAMPLES)('%s', (n) => {
    expect(fmtMs(n)).toBe(cli.fmtMs(n));
    if (Number.isFinite(n)) {
      expect(fmtBytes(n * 1000)).toBe(cli.fmtBytes(n * 1000));
      expect(fmtCount(n)).toBe(cli.fmtCount(n));
      expect(fmtRate(n)).toBe(cli.fmtRate(n));
      expect(fmtPct(n / 1000)).toBe(cli.fmtPct(n / 1000));
    }
  });
});

describe('threshold values', () => {
  it('uses the unit the expression compares', () => {
    expect(fmtThresholdValue('http_req_duration{request:List users}', 'p(95)<500', 123.456)).toBe('123ms');
    expect(fmtThresholdValue('http_req_failed', 'rate<0.01', 0.0123)).toBe('1.23%');
    expect(fmtThresholdValue('http_reqs', 'rate>100', 250.1234)).toBe('250.123');
    expect(fmtThresholdValue('http_reqs', 'count>10', 42)).toBe('42');
    expect(observedName('p( 95 )<500')).toBe('p(95)');
    expect(observedName('rate<0.01')).toBe('rate');
  });
});
