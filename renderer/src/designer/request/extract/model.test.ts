import { describe, expect, it } from 'vitest';
import { Extractor } from '../../../../../engine/plan/schema/extract.ts';
import { EXTRACT_KINDS, extractKind, switchExtractor, uniqueName, variableNameProblem } from './model.ts';

describe('extractions', () => {
  it('creates a valid extractor of every kind', () => {
    for (const k of EXTRACT_KINDS) {
      expect(Extractor.safeParse(k.create()).success, k.kind).toBe(true);
      expect(extractKind(k.create())).toBe(k.kind);
    }
  });
  it('keeps the default when the kind changes', () => {
    expect(switchExtractor({ jsonPath: '$.a', all: true, default: 0 }, 'header')).toEqual({
      header: 'Location',
      default: 0,
    });
    expect(switchExtractor(undefined, 'cookie')).toEqual({ cookie: 'session' });
  });
  it('finds a free name and explains a bad one', () => {
    expect(uniqueName(['value', 'value2'])).toBe('value3');
    expect(variableNameProblem('vu', [])).toMatch(/reserved/);
    expect(variableNameProblem('1a', [])).toMatch(/start with a letter/);
    expect(variableNameProblem('a', ['a', 'b'], 'b')).toMatch(/already/);
    expect(variableNameProblem('a', ['a'], 'a')).toBeUndefined();
  });
});
