import { describe, expect, it } from 'vitest';
import type { AnyObject, RequestDraft } from '../../core/doc/index.ts';
import { bodyKind, fileBody, fileParts, switchBody, withKey } from './body.ts';
import { jsonToText, parseJsonText, textShows } from './json-text.ts';

describe('switchBody', () => {
  const req = { name: 'n', method: 'POST', url: '/u', headers: { A: '1' }, json: { a: 1 }, checks: [] };
  it('removes the other body keys: a request has one body', () => {
    const out = switchBody({ ...req, text: 'stray' }, 'none');
    expect(Object.keys(out)).toEqual(['name', 'method', 'url', 'headers', 'checks']);
    expect(bodyKind(out)).toBe('none');
  });
  it('puts the new body where the reference lists it, before auth and checks', () => {
    const out = switchBody(req, 'form');
    expect(Object.keys(out)).toEqual(['name', 'method', 'url', 'headers', 'form', 'checks']);
    expect(out.form).toEqual({ a: 1 });
  });
  it('carries JSON to text and back', () => {
    const text = switchBody(req, 'text');
    expect(text.text).toBe('{\n  "a": 1\n}');
    expect(switchBody(text, 'json').json).toEqual({ a: 1 });
    expect(switchBody({ url: '/', text: 'not json' }, 'json').json).toEqual({});
  });
  it('makes form fields from a flat JSON object only, and a urlencoded text from a form', () => {
    expect(switchBody({ url: '/', json: { a: { b: 1 } } }, 'form').form).toEqual({});
    expect(switchBody({ url: '/', form: { a: 'x y', b: 2 } }, 'text').text).toBe('a=x+y&b=2');
    expect(switchBody({ url: '/', form: { a: 1 } }, 'json').json).toEqual({ a: 1 });
  });
  it('starts a file body empty and returns the same request when the kind does not change', () => {
    expect(switchBody({ url: '/' }, 'file')).toEqual({ url: '/', file: '' });
    expect(switchBody(req, 'json')).toBe(req);
  });
});

describe('withKey', () => {
  it('keeps an existing key in place and appends unknown keys', () => {
    expect(Object.keys(withKey({ url: '/', name: 'x' }, 'name', 'y'))).toEqual(['url', 'name']);
    expect(Object.keys(withKey<AnyObject, string>({ url: '/' }, 'zzz', 1))).toEqual(['url', 'zzz']);
    const request: RequestDraft = { url: '/', tags: {} };
    expect(Object.keys(withKey(request, 'timeout', '1s'))).toEqual(['url', 'timeout', 'tags']);
  });
});

describe('file body', () => {
  it('is a plain path unless a content type is given', () => {
    expect(fileBody('a.bin', '')).toBe('a.bin');
    expect(fileBody('a.bin', ' image/png ')).toEqual({ path: 'a.bin', contentType: 'image/png' });
    expect(fileParts('a.bin')).toEqual({ path: 'a.bin', contentType: '' });
    expect(fileParts({ path: 'b', contentType: 'text/csv' })).toEqual({ path: 'b', contentType: 'text/csv' });
    expect(fileParts(undefined)).toEqual({ path: '', contentType: '' });
  });
});

describe('JSON text', () => {
  it('round-trips a value', () => {
    const v = { a: [1, 'x', null], b: { c: true } };
    const p = parseJsonText(jsonToText(v));
    expect(p).toEqual({ ok: true, value: v });
    expect(jsonToText(undefined)).toBe('');
  });
  it('says where the text stops being JSON, in lines and columns', () => {
    expect(parseJsonText('{\n  "a": 1,\n}')).toMatchObject({ ok: false, line: 3, column: 1 });
    const p = parseJsonText('{"a":\n  tru}');
    expect(p).toMatchObject({ ok: false, line: 2, column: 6 });
    if (!p.ok) expect(p.message).not.toMatch(/is not valid JSON/);
    expect(parseJsonText('  ')).toMatchObject({ ok: false, message: expect.stringMatching(/write a JSON value/) });
  });
  it('knows when a text already shows a value, whatever its layout', () => {
    expect(textShows('{ "a" : 1 }', { a: 1 })).toBe(true);
    expect(textShows('{ "a" : 2 }', { a: 1 })).toBe(false);
    expect(textShows('{', { a: 1 })).toBe(false);
  });
});
