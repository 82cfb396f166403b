import { describe, expect, it } from 'vitest';
import { compileTemplate, TEMPLATE_FUNCTIONS, type TemplateContext } from './index.ts';

const ctx: TemplateContext = {
  vu: 1,
  iter: 0,
  scenario: 's',
  env: { MAX: '3' },
  data: {},
  vars: new Map<string, unknown>([
    ['colors', ['red', 'green', 'blue']],
    ['obj', { a: [1, 'x'], b: null }],
    ['text', 'a b&c/é'],
  ]),
};
const evaluate = (source: string): unknown => compileTemplate(source).evaluate(ctx);
const many = (source: string, n = 300): unknown[] => {
  const t = compileTemplate(source);
  return Array.from({ length: n }, () => t.evaluate(ctx));
};

describe('template functions', () => {
  it('uuid() gives distinct v4 UUIDs', () => {
    const ids = many('${uuid()}', 50) as string[];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(50);
  });

  it('randomInt(min, max) stays within both bounds, inclusive, and reaches them', () => {
    const values = many('${randomInt(1, env.MAX)}') as number[];
    expect(values.every((v) => Number.isInteger(v) && v >= 1 && v <= 3)).toBe(true);
    expect(new Set(values)).toEqual(new Set([1, 2, 3]));
    expect(evaluate('${randomInt(-2, -2)}')).toBe(-2);
  });

  it('randomItem picks from a list or from its arguments', () => {
    expect(new Set(many('${randomItem(colors)}'))).toEqual(new Set(['red', 'green', 'blue']));
    expect(new Set(many("${randomItem('a', 'b')}"))).toEqual(new Set(['a', 'b']));
    expect(evaluate('${randomItem(obj.a)}')).toSatisfy((v: unknown) => v === 1 || v === 'x');
  });

  it('randomString(length[, charset])', () => {
    expect(evaluate('${randomString(24)}')).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(evaluate("${randomString(10, 'ab')}")).toMatch(/^[ab]{10}$/);
    expect(evaluate('${randomString(0)}')).toBe('');
    expect(Array.from(evaluate("${randomString(5, '😀é')}") as string)).toHaveLength(5);
    expect(() => evaluate('${randomString(-1)}')).toThrow(/between 0 and/);
    expect(() => evaluate('${randomString(2.5)}')).toThrow(/whole number/);
    expect(() => evaluate("${randomString(3, '')}")).toThrow(/charset/);
  });

  it('now() and isoNow() read the clock', () => {
    const before = Date.now();
    const now = evaluate('${now()}') as number;
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    const iso = evaluate('${isoNow()}') as string;
    expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(iso) - Date.now())).toBeLessThan(5000);
  });

  it('base64 and base64Decode round-trip UTF-8 and match Buffer', () => {
    for (const s of ['', 'f', 'fo', 'foo', 'user:pa$$w0rd', 'héllo wörld 😀']) {
      const encoded = compileTemplate('${base64(s)}').render({ ...ctx, vars: new Map([['s', s]]) });
      expect(encoded).toBe(Buffer.from(s, 'utf8').toString('base64'));
      expect(compileTemplate('${base64Decode(e)}').render({ ...ctx, vars: new Map([['e', encoded]]) })).toBe(s);
    }
    expect(evaluate("${base64Decode('aMOpbGxv')}")).toBe('héllo');
    expect(evaluate("${base64Decode('Pz4-')}")).toBe('?>>'); // URL-safe alphabet, as in JWTs
    expect(evaluate("${base64Decode('TWE')}")).toBe('Ma'); // padding optional
    expect(() => evaluate("${base64Decode('abcde')}")).toThrow(/not valid base64/);
    expect(() => evaluate("${base64Decode('/w==')}")).toThrow(/not UTF-8/);
  });

  it('urlEncode, lower, upper, json', () => {
    expect(evaluate('${urlEncode(text)}')).toBe('a%20b%26c%2F%C3%A9');
    expect(evaluate("${lower('AbC')}${upper('AbC')}")).toBe('abcABC');
    expect(evaluate('${json(obj)}')).toBe('{"a":[1,"x"],"b":null}');
    expect(evaluate("${json('q\"')}")).toBe('"q\\""');
    expect(evaluate('${json(3)}')).toBe('3');
    expect(evaluate('${upper(json(colors[0]))}')).toBe('"RED"');
  });

  it('functions take numbers as text too', () => {
    expect(evaluate('${base64(12)}')).toBe('MTI=');
    expect(evaluate('${upper(1 + 1)}')).toBe('2');
  });

  it('lists every function for documentation and completion', () => {
    expect(TEMPLATE_FUNCTIONS.map((f) => f.name)).toEqual([
      'uuid',
      'randomInt',
      'randomItem',
      'randomString',
      'now',
      'isoNow',
      'base64',
      'base64Decode',
      'urlEncode',
      'lower',
      'upper',
      'json',
      'len',
      'isSet',
      'status',
    ]);
    for (const f of TEMPLATE_FUNCTIONS) {
      expect(f.description.length).toBeGreaterThan(5);
      expect(Object.keys(f)).toEqual(['name', 'params', 'description']);
    }
    expect(Object.isFrozen(TEMPLATE_FUNCTIONS)).toBe(true);
  });
});
