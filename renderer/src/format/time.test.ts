import { describe, expect, it } from 'vitest';
import { fmtDateTime, fmtDateTimeCompact } from './time.ts';

describe('dates', () => {
  it('drops the date for today only', () => {
    const now = new Date(2025, 10, 21, 22, 0, 0);
    const today = new Date(2025, 10, 21, 20, 9, 11).toISOString();
    const earlier = new Date(2025, 10, 20, 20, 9, 11).toISOString();
    expect(fmtDateTimeCompact(today, now)).not.toMatch(/21|Nov/);
    expect(fmtDateTimeCompact(earlier, now)).toMatch(/20/);
    expect(fmtDateTimeCompact(earlier, now)).not.toMatch(/2025/);
  });

  it('passes through what is not a date', () => {
    expect(fmtDateTime('soon')).toBe('soon');
    expect(fmtDateTimeCompact('soon')).toBe('soon');
  });
});
