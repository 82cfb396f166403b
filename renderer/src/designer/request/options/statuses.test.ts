import { describe, expect, it } from 'vitest';
import { formatStatuses, parseStatuses } from './statuses.ts';

describe('status lists', () => {
  it('reads codes and ranges', () => {
    expect(parseStatuses('200, 201,300-399')).toEqual({ ok: true, items: [200, 201, { min: 300, max: 399 }] });
    expect(formatStatuses([200, { min: 300, max: 399 }])).toBe('200, 300-399');
  });
  it('says which part is wrong', () => {
    expect(parseStatuses('200, 2000')).toEqual({ ok: false, message: expect.stringContaining("'2000'") });
    expect(parseStatuses('399-300')).toEqual({ ok: false, message: expect.stringContaining('low to high') });
    expect(parseStatuses(' , ')).toMatchObject({ ok: false });
    expect(parseStatuses('200-299', false)).toMatchObject({ ok: false });
  });
  it('shows nothing for a missing list', () => {
    expect(formatStatuses(undefined)).toBe('');
  });
});
