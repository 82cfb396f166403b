import { describe, expect, it } from 'vitest';
import { parseOverrides } from './overrides.ts';

const fields = (o: Partial<Record<'vus' | 'duration' | 'iterations' | 'rate', string>>) => ({
  vus: '',
  duration: '',
  iterations: '',
  rate: '',
  ...o,
});

describe('parseOverrides', () => {
  it('gives undefined when nothing is overridden', () => {
    expect(parseOverrides(fields({ vus: '  ' }))).toEqual({ ok: true, overrides: undefined });
  });

  it('parses the set fields only', () => {
    expect(parseOverrides(fields({ vus: '10', duration: '1m30s' }))).toEqual({
      ok: true,
      overrides: { vus: 10, duration: '1m30s' },
    });
    expect(parseOverrides(fields({ iterations: '5' }))).toEqual({ ok: true, overrides: { iterations: 5 } });
    expect(parseOverrides(fields({ rate: '12.5', duration: '20s' }))).toEqual({
      ok: true,
      overrides: { rate: 12.5, duration: '20s' },
    });
    expect(parseOverrides(fields({ rate: '0' }))).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^Rate: iterations per second/)],
    });
  });

  it('explains bad values with the field label', () => {
    const r = parseOverrides(fields({ vus: '2.5', duration: 'soon' }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([expect.stringMatching(/^VUs: /)]);
    const d = parseOverrides(fields({ duration: 'soon' }));
    expect(d).toEqual({ ok: false, problems: [expect.stringMatching(/^Duration: a duration such as 30s/)] });
    const z = parseOverrides(fields({ vus: '0' }));
    expect(z.ok).toBe(false);
    if (!z.ok) expect(z.problems[0]).toMatch(/^VUs: /);
  });
});
