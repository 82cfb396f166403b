import { describe, expect, it } from 'vitest';
import type { Environment } from '../../../app/contract/environments.ts';
import { emptyVariable, showsStoredSecret, toDraft, toSaveParams, validateDraft, withSecret } from './draft.ts';

const env: Environment = {
  id: 'e1',
  name: 'staging',
  updatedAt: '2025-01-01T00:00:00Z',
  variables: [
    { name: 'BASE_URL', secret: false, value: 'https://staging', hasValue: true },
    { name: 'API_TOKEN', secret: true, value: null, hasValue: true },
  ],
};

describe('environment drafts', () => {
  it('never puts a secret value in the draft and shows stored secrets as set', () => {
    const d = toDraft(env);
    expect(d.variables.map((v) => v.value)).toEqual(['https://staging', '']);
    expect(d.variables.map(showsStoredSecret)).toEqual([false, true]);
  });

  it('keeps an untouched secret by sending it without a value', () => {
    expect(toSaveParams(toDraft(env))).toEqual({
      id: 'e1',
      name: 'staging',
      variables: [
        { name: 'BASE_URL', secret: false, value: 'https://staging' },
        { name: 'API_TOKEN', secret: true },
      ],
    });
  });

  it('sends a replaced secret value', () => {
    const d = toDraft(env);
    d.variables[1] = { ...d.variables[1]!, replacing: true, value: 's3cret' };
    expect(toSaveParams(d).variables[1]).toEqual({ name: 'API_TOKEN', secret: true, value: 's3cret' });
  });

  it('asks for the value again when a stored secret becomes plain', () => {
    const d = toDraft(env);
    const plain = withSecret(d.variables[1]!, false);
    expect(plain).toMatchObject({ secret: false, replacing: true, value: '' });
    d.variables[1] = { ...plain, value: 'now-visible' };
    expect(toSaveParams(d).variables[1]).toEqual({ name: 'API_TOKEN', secret: false, value: 'now-visible' });
  });

  it('refuses to rename a kept secret (its value would be lost)', () => {
    const d = toDraft(env);
    d.variables[1] = { ...d.variables[1]!, name: 'TOKEN' };
    expect(validateDraft(d)).toEqual([expect.stringContaining('renamed secret')]);
    d.variables[1] = { ...d.variables[1]!, replacing: true, value: 'again' };
    expect(validateDraft(d)).toEqual([]);
  });

  it('checks names: present, well-formed, unique', () => {
    const d = { ...toDraft(null), name: ' ' };
    d.variables = [
      emptyVariable(),
      { ...emptyVariable(), name: '1X' },
      { ...emptyVariable(), name: 'A' },
      { ...emptyVariable(), name: 'A' },
    ];
    const problems = validateDraft(d);
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/name[\s\S]*row 1[\s\S]*1X[\s\S]*A appears twice/);
  });

  it('creates a new environment without an id', () => {
    const d = { ...toDraft(null), name: ' dev ' };
    d.variables = [{ ...emptyVariable(), name: 'PASSWORD', secret: true, value: 'pw' }];
    expect(toSaveParams(d)).toEqual({ name: 'dev', variables: [{ name: 'PASSWORD', secret: true, value: 'pw' }] });
  });
});
