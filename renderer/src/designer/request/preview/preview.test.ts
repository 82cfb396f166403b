import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../../app/contract/index.ts';
import { formatValue, previewCheck, previewExtraction } from './preview.ts';

const entry = {
  response: { status: 200 },
  checks: [
    { name: 'status is 200', ok: true, reason: null },
    { name: 'custom', ok: false, reason: 'was 3' },
  ],
  extracted: [
    { variable: 'token', ok: true, value: 'abc', reason: null },
    { variable: 'id', ok: false, value: null, reason: 'no match' },
  ],
} as unknown as TraceEntry;
const tried = {
  url: '/',
  checks: [{ status: 200 }, { jsonPath: '$.n', equals: 2, name: 'custom' }],
  extract: { token: { jsonPath: '$.t' }, id: { regex: 'x' } },
};

describe('preview', () => {
  it('shows nothing without a Try', () => {
    expect(previewCheck(undefined, undefined, 0, { status: 200 })).toEqual({ state: 'none' });
    expect(previewExtraction(undefined, undefined, 'token', {})).toEqual({ state: 'none' });
  });
  it('matches checks by name (derived or custom)', () => {
    expect(previewCheck(entry, tried, 0, { status: 200 })).toEqual({ state: 'pass', reason: null });
    expect(previewCheck(entry, tried, 1, { jsonPath: '$.n', equals: 2, name: 'custom' })).toEqual({
      state: 'fail',
      reason: 'was 3',
    });
  });
  it('says a check or extraction changed since the Try instead of showing a stale result', () => {
    expect(previewCheck(entry, tried, 0, { status: 201 })).toEqual({ state: 'changed' });
    expect(previewCheck(entry, undefined, 0, { status: 201 })).toEqual({ state: 'changed' });
    expect(previewExtraction(entry, tried, 'token', { jsonPath: '$.other' })).toEqual({ state: 'changed' });
  });
  it('says a request without a response checked and extracted nothing', () => {
    const failed = {
      ...entry,
      response: null,
      error: { kind: 'template', message: "variable 'x' is not set" },
      checks: [],
      extracted: [],
    } as unknown as TraceEntry;
    expect(previewCheck(failed, tried, 0, { status: 200 })).toEqual({
      state: 'skipped',
      reason: "the request got no response (variable 'x' is not set)",
    });
    expect(previewExtraction(failed, tried, 'token', { jsonPath: '$.t' })).toMatchObject({ state: 'skipped' });
  });
  it('shows the extracted value or why it failed', () => {
    expect(previewExtraction(entry, tried, 'token', { jsonPath: '$.t' })).toEqual({ state: 'ok', value: 'abc' });
    expect(previewExtraction(entry, tried, 'id', { regex: 'x' })).toEqual({ state: 'fail', reason: 'no match' });
  });
  it('formats values on one short line', () => {
    expect(formatValue('a')).toBe('"a"');
    expect(formatValue({ a: [1] })).toBe('{"a":[1]}');
    expect(formatValue('x'.repeat(500), 10)).toHaveLength(10);
  });
});
