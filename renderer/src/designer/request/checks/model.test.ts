import { describe, expect, it } from 'vitest';
import { Check } from '../../../../../engine/plan/schema/checks.ts';
import { CHECK_KINDS, CHECK_OPS, checkKind, convertStatus, derivedCheckName, replaceOp, statusMode } from './model.ts';
import { convertValue, parseValue, valueKind } from './value-kind.ts';

describe('check kinds', () => {
  it('creates a valid check of every kind the engine supports', () => {
    for (const k of CHECK_KINDS) {
      const c = k.create();
      expect(Check.safeParse(c).success, k.kind).toBe(true);
      expect(checkKind(c)).toBe(k.kind);
    }
    expect(checkKind('x')).toBeUndefined();
  });
  it('lists exactly the operators of the schema', () => {
    expect(CHECK_OPS.jsonPath.map((o) => o.op)).toEqual([
      'exists',
      'equals',
      'notEquals',
      'gt',
      'gte',
      'lt',
      'lte',
      'contains',
      'matches',
      'length',
    ]);
    expect(CHECK_OPS.header.map((o) => o.op)).toEqual(['exists', 'equals', 'contains', 'matches']);
    expect(CHECK_OPS.body.map((o) => o.op)).toEqual(['contains', 'notContains', 'matches', 'equals']);
    expect(CHECK_OPS.duration.map((o) => o.op)).toEqual(['lt', 'lte']);
  });
  it('derives the name the summary shows, ignoring a custom name, and tolerates incomplete checks', () => {
    expect(derivedCheckName({ status: 200, name: 'ok' })).toBe('status is 200');
    expect(derivedCheckName({ jsonPath: '$.a', gt: 1 })).toBe('$.a > 1');
    expect(typeof derivedCheckName({ duration: {} })).toBe('string');
  });
  it('replaces an operator in place', () => {
    expect(Object.entries(replaceOp({ jsonPath: '$', equals: 1, name: 'n' }, 'equals', 'gt', 2))).toEqual([
      ['jsonPath', '$'],
      ['gt', 2],
      ['name', 'n'],
    ]);
  });
});

describe('status values', () => {
  it('knows the four ways to write one', () => {
    expect([200, [200, 201], { min: 200, max: 299 }, '2xx'].map(statusMode)).toEqual([
      'code',
      'list',
      'range',
      'class',
    ]);
  });
  it('converts between them keeping the code', () => {
    expect(convertStatus(201, 'list')).toEqual([201]);
    expect(convertStatus([404], 'range')).toEqual({ min: 400, max: 499 });
    expect(convertStatus({ min: 300, max: 399 }, 'class')).toBe('3xx');
    expect(convertStatus('5xx', 'code')).toBe(500);
  });
});

describe('typed values', () => {
  it('parses text as the chosen kind', () => {
    expect(parseValue('200', 'number')).toEqual({ ok: true, value: 200 });
    expect(parseValue('200', 'text')).toEqual({ ok: true, value: '200' });
    expect(parseValue('[1]', 'json')).toEqual({ ok: true, value: [1] });
    expect(parseValue('x', 'number').ok).toBe(false);
    expect(parseValue('yes', 'boolean').ok).toBe(false);
  });
  it('keeps what it can when the kind changes', () => {
    expect(valueKind({ a: 1 })).toBe('json');
    expect(convertValue('12', 'number')).toBe(12);
    expect(convertValue('abc', 'number')).toBe(0);
    expect(convertValue(5, 'text')).toBe('5');
  });
});
