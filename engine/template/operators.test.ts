import { describe, expect, it } from 'vitest';
import { compileTemplate, TemplateRuntimeError, TemplateSyntaxError, type TemplateContext } from './index.ts';

const ctx = (vars: Record<string, unknown> = {}, over: Partial<TemplateContext> = {}): TemplateContext => ({
  vu: 2,
  iter: 5,
  scenario: 's',
  env: { N: '3', EMPTY: '' },
  vars: new Map(Object.entries(vars)),
  data: {},
  ...over,
});
const value = (source: string, c: TemplateContext = ctx()): unknown => compileTemplate(source).evaluate(c);

describe('comparisons', () => {
  it.each([
    ['${1 < 2}', true],
    ['${2 <= 2}', true],
    ['${3 > 4}', false],
    ['${4 >= 5}', false],
    ['${iter == 5}', true],
    ['${iter != 5}', false],
    ["${'b' > 'a'}", true],
    ["${'10' < '9'}", true],
    ['${env.N == 3}', true],
    ['${env.N < 10}', true],
    ["${'3.0' == 3}", true],
    ["${'' == 0}", false],
    ['${null == null}', true],
    ['${true == 1}', false],
    ["${scenario == 's'}", true],
  ])('%s is %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('compares lists and objects as data', () => {
    const c = ctx({ a: [1, { x: 'y' }], b: [1, { x: 'y' }], c: [1, { x: 'z' }], o: { k: [1] }, p: { k: [1] } });
    expect(value('${a == b}', c)).toBe(true);
    expect(value('${a == c}', c)).toBe(false);
    expect(value('${o == p}', c)).toBe(true);
    expect(value('${a != o}', c)).toBe(true);
  });

  it('orders a number and text that is not a number: an error naming the value', () => {
    expect(() => value('${name < 3}', ctx({ name: 'ann' }))).toThrow(TemplateRuntimeError);
    expect(() => value('${name < 3}', ctx({ name: 'ann' }))).toThrow(/'name' must be a number/);
  });
});

describe('logic', () => {
  it('&& and || give true or false with JavaScript truthiness, ! negates', () => {
    const c = ctx({ list: [], text: '', zero: 0, obj: {}, one: 1 });
    expect(value('${list && one}', c)).toBe(true); // an empty list is true, as in JavaScript
    expect(value('${text || zero}', c)).toBe(false);
    expect(value('${!text}', c)).toBe(true);
    expect(value('${!obj}', c)).toBe(false);
    expect(value('${!!one}', c)).toBe(true);
  });

  it('skips the right side when the left decides (an unset variable there is never read)', () => {
    expect(value('${false && missing}')).toBe(false);
    expect(value('${true || missing}')).toBe(true);
    expect(() => value('${true && missing}')).toThrow(/variable 'missing' is not set/);
  });

  it('binds like JavaScript: ! before * before + before < before == before && before ||', () => {
    expect(value('${1 + 2 * 3 == 7 && !false || false}')).toBe(true);
    expect(value('${1 < 2 == true}')).toBe(true);
    expect(value('${!1 == false}')).toBe(true);
    expect(value('${(1 + 2) * 3}')).toBe(9);
    expect(value('${1 || 0 && 0}')).toBe(true);
  });

  it('renders booleans as text', () => {
    expect(compileTemplate('ok=${iter > 1}').render(ctx())).toBe('ok=true');
  });
});

describe('len, isSet and status', () => {
  it('len() of lists and text, and of an object its number of keys (.length stays refused: no methods or properties of JavaScript)', () => {
    const c = ctx({ items: [1, 2, 3], name: 'Ann', obj: { a: 1, b: 2 }, n: 4 });
    expect(value('${len(items)}', c)).toBe(3);
    expect(value('${len(name) * 2}', c)).toBe(6);
    expect(() => value('${items.length}', c)).toThrow(TemplateRuntimeError);
    expect(value('${len(obj)}', c)).toBe(2);
    expect(() => value('${len(n)}', c)).toThrow(/len\(\) needs a list, text or an object, but the value is a number/);
  });

  it('isSet() is false for unset variables, missing parts and null, and true for anything else', () => {
    const c = ctx({ page: { next: null, items: [] }, zero: 0 });
    expect(value('${isSet(page)}', c)).toBe(true);
    expect(value('${isSet(page.next)}', c)).toBe(false);
    expect(value('${isSet(page.items)}', c)).toBe(true);
    expect(value('${isSet(page.nope.deeper)}', c)).toBe(false);
    expect(value('${isSet(token)}', c)).toBe(false);
    expect(value('${isSet(zero)}', c)).toBe(true);
    expect(value('${!isSet(token) || len(token) > 0}', c)).toBe(true);
  });

  it("status() is the VU's last status, status('Name') that request's; 0 while there is none", () => {
    expect(value('${status()}')).toBe(0);
    const responses = { last: 202, byName: new Map([['Login', 401]]) };
    expect(value('${status()}', ctx({}, { responses }))).toBe(202);
    expect(value("${status('Login') == 401}", ctx({}, { responses }))).toBe(true);
    expect(value("${status('Other')}", ctx({}, { responses }))).toBe(0);
  });

  it("status('Name') lists the name as a reference, and wants it written as literal text", () => {
    const t = compileTemplate("${status('Get user') >= 400}");
    expect(t.references).toEqual([{ kind: 'response', name: 'Get user', hasDefault: false, offset: 9 }]);
    expect(compileTemplate('${status()}').references).toEqual([
      { kind: 'response', name: '', hasDefault: false, offset: 2 },
    ]);
    expect(() => compileTemplate('${status(name)}')).toThrow(/request name in quotes/);
  });
});

describe('type errors found before the run', () => {
  const syntax = (source: string): TemplateSyntaxError => {
    try {
      compileTemplate(source);
    } catch (e) {
      if (e instanceof TemplateSyntaxError) return e;
      throw e;
    }
    throw new Error(`expected a syntax error for ${source}`);
  };

  it.each([
    ["${'abc' * 2}", 2, 5, "'abc' is text, but '*' needs a number"],
    ['${true - 1}', 2, 4, "'true' is true or false, but '-' needs a number"],
    ['${-null}', 3, 4, "'null' is null, but '-' needs a number"],
    ['${len(3)}', 6, 1, 'len() needs a list'],
    ['${true < 1}', 2, 4, "'<' compares numbers"],
    ["${'abc' >= 3}", 2, 5, "'abc' is text, not a number"],
    ['${vu.name}', 2, 2, "'vu' is a number: it has no parts to read"],
    ['${(1 == 2) * 3}', 2, 8, 'needs a number'],
  ])('%s', (source, offset, length, message) => {
    const e = syntax(source);
    expect(e.message).toContain(message);
    expect([e.offset, e.length]).toEqual([offset, length]);
  });

  it('accepts what may work at run time', () => {
    for (const ok of ["${'5' * 2}", '${env.N * 2}', '${x < 3}', "${'a' < 'b'}", '${len(items)}', '${uuid() + 1}']) {
      expect(() => compileTemplate(ok), ok).not.toThrow();
    }
  });
});

describe('lexing operators', () => {
  it('explains = & | alone', () => {
    expect(() => compileTemplate('${a = 1}')).toThrow(/compare with ==/);
    expect(() => compileTemplate('${a & b}')).toThrow(/&&/);
    expect(() => compileTemplate('${a | b}')).toThrow(/\|\|/);
  });
});
