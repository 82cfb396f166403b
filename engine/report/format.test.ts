import { describe, expect, it } from 'vitest';
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate } from './format.ts';

describe('number formatting', () => {
  it('formats durations like k6, keeping integer zeros', () => {
    expect(fmtMs(0.67)).toBe('670µs');
    expect(fmtMs(0.1)).toBe('100µs');
    expect(fmtMs(0.0123)).toBe('12.3µs');
    expect(fmtMs(0.001)).toBe('1µs');
    expect(fmtMs(1.5)).toBe('1.5ms');
    expect(fmtMs(10)).toBe('10ms');
    expect(fmtMs(120)).toBe('120ms');
    expect(fmtMs(1000)).toBe('1s');
    expect(fmtMs(12_340)).toBe('12.34s');
    expect(fmtMs(60_000)).toBe('1m0s');
    expect(fmtMs(90_500)).toBe('1m31s');
    expect(fmtMs(3_600_000)).toBe('1h0m0s');
    expect(fmtMs(0)).toBe('0s');
  });

  it('formats sizes, counts, rates and percentages', () => {
    expect(fmtBytes(999)).toBe('999 B');
    expect(fmtBytes(1000)).toBe('1 kB');
    expect(fmtBytes(451_200)).toBe('451 kB');
    expect(fmtBytes(2_500_000)).toBe('2.5 MB');
    expect(fmtCount(1234567)).toBe('1,234,567');
    expect(fmtRate(60.8)).toBe('60.8/s');
    expect(fmtRate(100)).toBe('100/s');
    expect(fmtRate(1500.4)).toBe('1,500/s');
    expect(fmtRate(8.39)).toBe('8.39/s');
    expect(fmtPct(0.0417)).toBe('4.17%');
  });
});
