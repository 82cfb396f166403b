import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../app/contract/index.ts';
import { clearLastTries, getLastTry, setLastTry } from './last-response.ts';

describe('last Try store', () => {
  const entry = { name: 'GET /' } as unknown as TraceEntry;
  it('keys results by request step path, with or without the trailing request key', () => {
    setLastTry(['scenarios', 's', 'steps', 0], entry);
    expect(getLastTry(['scenarios', 's', 'steps', 0, 'request'])).toBe(entry);
    expect(getLastTry(['scenarios', 's', 'steps', 1])).toBeUndefined();
    setLastTry(['scenarios', 's', 'steps', 2, 'batch', 1, 'request'], entry);
    expect(getLastTry(['scenarios', 's', 'steps', 2, 'batch', 1])).toBe(entry);
  });
  it('forgets everything on clear', () => {
    clearLastTries();
    expect(getLastTry(['scenarios', 's', 'steps', 0])).toBeUndefined();
  });
});
