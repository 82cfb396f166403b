/**
 * Hostile templates: an imported plan must not be able to run code, read JS globals or prototypes,
 * pollute prototypes, or hang / crash the loader. Every attempt must end in a TemplateSyntaxError
 * (preferably, at load time) or a TemplateRuntimeError, with no side effect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileTemplate, TemplateRuntimeError, TemplateSyntaxError, type TemplateContext } from './index.ts';

const SENTINEL = '__loadsmithTemplateSentinel';
const g = globalThis as Record<string, unknown>;
const prototypes = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Map.prototype];
const snapshot = () => prototypes.map((p) => Object.getOwnPropertyNames(p).sort().join(','));
let before: string[];

beforeAll(() => {
  g[SENTINEL] = 'untouched';
  before = snapshot();
});
afterEach(() => {
  expect(g[SENTINEL]).toBe('untouched');
  expect(snapshot()).toEqual(before);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
});
afterAll(() => {
  delete g[SENTINEL];
});

function context(): TemplateContext {
  const env = Object.create({ inherited: 'from prototype' }) as Record<string, string>;
  env['HOME'] = '/home/u';
  return {
    vu: 1,
    iter: 0,
    scenario: 's',
    env,
    vars: new Map<string, unknown>([
      // What an extraction from a hostile response body yields: JSON.parse makes __proto__ an OWN key.
      ['x', JSON.parse('{"__proto__": {"polluted": "yes"}, "a": {"b": 1}, "constructor": {"name": "fake"}}')],
      ['list', [1, 2, 3]],
      ['s', 'text'],
      ['key', '__proto__'],
      ['when', new Date(0)],
      ['m', new Map([['size', 1]])],
      [
        'fn',
        () => {
          g[SENTINEL] = 'called';
          return 'called';
        },
      ],
    ]),
    data: { users: { email: 'e' } },
  };
}

/** Compiles and, if that succeeds, renders and evaluates: each attempt must throw one of our errors. */
function attempt(source: string): TemplateSyntaxError | TemplateRuntimeError {
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
  try {
    const t = compileTemplate(source);
    let failure: unknown;
    for (const run of [() => t.render(context()), () => t.evaluate(context())]) {
      try {
        run();
        failure ??= new Error(`'${source}' rendered without error`);
      } catch (e) {
        failure ??= e;
      }
    }
    throw failure;
  } catch (e) {
    if (e instanceof TemplateSyntaxError || e instanceof TemplateRuntimeError) return e;
    throw e;
  } finally {
    expect(exit).not.toHaveBeenCalled();
    exit.mockRestore();
  }
}

describe('code injection is rejected when the plan is loaded', () => {
  it.each([
    "${constructor.constructor('return process')()}",
    "${''.constructor}",
    "${''['constructor']}",
    '${__proto__}',
    '${x.__proto__.polluted}',
    "${x['__proto__']}",
    '${x.prototype}',
    '${process.exit(1)}',
    "${require('fs')}",
    "${import('fs')}",
    "${eval('1')}",
    "${Function('x')}",
    '${globalThis.process.exit(1)}',
    "${vars.get('x')}",
    "${vars['constructor']}",
    '${env.constructor}',
    "${env['__proto__']}",
    '${data.__proto__}',
    '${data.users.constructor}',
    '${fn()}',
    '${(fn)()}',
    '${uuid()()}',
    '${json.call(1)}',
    '${x.a.b.toString()}',
    '${`backtick`}',
    '${a => 1}',
    '${a = 1}',
    '${a; b}',
    '${a, b}',
    '${{}}',
    '${[]}',
    '${new Date()}',
    '${x:-${process.exit(1)}}',
  ])('%s', (source) => {
    expect(attempt(source)).toBeInstanceOf(TemplateSyntaxError);
  });
});

describe('reaching globals, prototypes or methods fails at run time without side effects', () => {
  it.each([
    ['${this}', "variable 'this' is not set"],
    ['${globalThis}', "variable 'globalThis' is not set"],
    ['${process}', "variable 'process' is not set"],
    ['${vars}', "variable 'vars' is not set"],
    ['${x[key]}', "property '__proto__' is not allowed"],
    ["${x['__pro' + 'to__']}", "property '__proto__' is not allowed"],
    ['${x.a.polluted}', "has no property 'polluted'"],
    ['${x.a.hasOwnProperty}', "has no property 'hasOwnProperty'"],
    ['${x.a.toString}', "has no property 'toString'"],
    ['${list.length}', "'list' is an array"],
    ['${list.map}', "'list' is an array"],
    ['${list[-1]}', 'out of range'],
    ['${s.length}', 'it is a string'],
    ['${when.getTime}', 'a non-data object'],
    ['${m.size}', 'a non-data object'],
    ['${env.inherited}', "environment variable 'inherited' is not set"],
    ['${env.toString}', "environment variable 'toString' is not set"],
    ['${data.toString.x}', "data feeder 'toString' is not defined"],
    ['${data.users.toString}', "has no column 'toString'"],
    ['${fn}', 'cannot be rendered'],
    ['${when}', 'cannot be rendered'],
  ])('%s', (source, message) => {
    const e = attempt(source);
    expect(e).toBeInstanceOf(TemplateRuntimeError);
    expect(e.message).toContain(message);
  });

  it('reads an own "__proto__" or "constructor" key of extracted data only as data, never as a prototype', () => {
    const json = '{"__proto__":{"polluted":"yes"},"a":{"b":1},"constructor":{"name":"fake"}}';
    expect(compileTemplate('${json(x)}').render(context())).toBe(json);
    expect(compileTemplate('${x}').render(context())).toBe(json);
    expect(compileTemplate('${x.a.b}').render(context())).toBe('1');
  });

  it('inherited values never count as set, even with a default', () => {
    expect(compileTemplate('${env.inherited:-default}').render(context())).toBe('default');
    expect(compileTemplate('${x.a.toString:-default}').render(context())).toBe('default');
  });

  it('never calls a function-valued variable', () => {
    expect(attempt('${upper(fn)}')).toBeInstanceOf(TemplateRuntimeError);
    expect(compileTemplate('${fn}').evaluate(context())).toBeTypeOf('function'); // handed back untouched, not called
  });
});

describe('hostile sizes are capped with a clear error, never a hang or stack overflow', () => {
  it.each([
    ['deep parentheses', '${' + '('.repeat(100_000) + '1' + ')'.repeat(100_000) + '}'],
    ['deep parentheses within the length cap', '${' + '('.repeat(500) + '1' + ')'.repeat(500) + '}'],
    ['deep unary minus', '${' + '-'.repeat(1500) + '1}'],
    ['deep unary minus on a name', '${' + '-'.repeat(1500) + 'a}'],
    ['deep function nesting', '${' + 'upper('.repeat(300) + 'a' + ')'.repeat(300) + '}'],
    ['deep index nesting', '${' + 'a['.repeat(600) + '0' + ']'.repeat(600) + '}'],
    ['long operator chain', '${' + 'a+'.repeat(900) + 'a}'],
    ['a huge string literal', "${'" + 'x'.repeat(1_000_000) + "'}"],
    ['an unterminated huge string', "${'" + 'x'.repeat(1_000_000)],
    ['an unterminated expression', '${' + 'a'.repeat(1_000_000)],
  ])('%s', (_name, source) => {
    const e = attempt(source);
    expect(e).toBeInstanceOf(TemplateSyntaxError);
    expect(e.message).toMatch(/nested too deeply|longer than|never closed/);
  });

  it('a long template of many small expressions still compiles and renders', () => {
    const t = compileTemplate('${vu},'.repeat(20_000));
    expect(t.references).toHaveLength(20_000);
    expect(t.render(context())).toBe('1,'.repeat(20_000));
  });
});

describe('the sources themselves', () => {
  const dir = new URL('.', import.meta.url);
  const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it.each(sources)('%s has no eval, Function, vm or import of the runtime', (file) => {
    const text = readFileSync(new URL(file, dir), 'utf8');
    expect(text).not.toMatch(/\beval\s*\(|new\s+Function\b|\bFunction\s*\(|node:vm|from\s+'vm'|\/runtime\//);
  });
});
