import { describe, expect, it } from 'vitest';
import { parseLabel } from './label.ts';

describe('parseLabel', () => {
  it('trims a valid label and treats blank as no label', () => {
    expect(parseLabel('  http2 run-1 ')).toEqual({ ok: true, label: 'http2 run-1' });
    expect(parseLabel('   ')).toEqual({ ok: true, label: null });
  });

  it('explains what is wrong', () => {
    expect(parseLabel('a/b')).toEqual({
      ok: false,
      problem: 'Label: labels use letters, digits, spaces and . : + - _.',
    });
    expect(parseLabel('x'.repeat(81))).toEqual({ ok: false, problem: 'Label: a label is at most 80 characters.' });
  });
});
