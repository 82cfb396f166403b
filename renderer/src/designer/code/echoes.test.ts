import { describe, expect, it } from 'vitest';
import { Echoes } from './echoes.ts';

describe('Echoes', () => {
  it('skips stale echoes of fast typing, in order, and applies an outside change', () => {
    const e = new Echoes();
    for (const v of ['p', 'pa', 'pas', 'pass']) e.sentValue(v);
    expect(e.isEcho('pa')).toBe(true); // React is two keys behind: must not reset the editor to 'pa'
    expect(e.isEcho('pass')).toBe(true); // batched: 'pas' never came back
    expect(e.isEcho('')).toBe(false); // undo elsewhere
  });

  it('applies a value the editor sent earlier once its echo has come back (e.g. undo to it)', () => {
    const e = new Echoes();
    e.sentValue('a');
    e.sentValue('ab');
    expect(e.isEcho('ab')).toBe(true);
    expect(e.isEcho('a')).toBe(false);
  });
});
