import { describe, expect, it } from 'vitest';
import { choiceKey, choiceTitle, exportChoices } from './choices.ts';

describe('export menu choices', () => {
  it('offers every format, cURL of all requests when none is selected', () => {
    expect(exportChoices(null).map((e) => e.label)).toEqual([
      'Plan as YAML',
      'Plan as JSON',
      'k6 script',
      'cURL commands',
      'HAR file',
    ]);
    expect(exportChoices(null).every((e) => e.choice.includeSecrets === undefined)).toBe(true);
  });

  it('offers cURL of the selected request first, then all', () => {
    const curl = exportChoices('Log in').filter((e) => e.choice.format === 'curl');
    expect(curl).toEqual([
      { label: 'cURL: Log in', choice: { format: 'curl', request: 'Log in' } },
      { label: 'cURL: all requests', choice: { format: 'curl' } },
    ]);
    expect(curl.map((e) => choiceKey(e.choice))).toEqual(['curl:Log in', 'curl']);
  });

  it('names what was exported', () => {
    expect(choiceTitle({ format: 'k6' })).toBe('k6 script');
    expect(choiceTitle({ format: 'curl', request: 'Log in' })).toBe('cURL of Log in');
    expect(choiceTitle({ format: 'curl' })).toBe('cURL commands');
  });
});
