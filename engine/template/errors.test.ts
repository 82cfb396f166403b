import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  MAX_EXPRESSION_LENGTH,
  TemplateRuntimeError,
  TemplateSyntaxError,
  type TemplateContext,
} from './index.ts';

function syntaxError(source: string): TemplateSyntaxError {
  try {
    compileTemplate(source);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected a syntax error for ${source}`);
}

const ctx: TemplateContext = {
  vu: 1,
  iter: 0,
  scenario: 's',
  env: { A: 'a' },
  vars: new Map<string, unknown>([
    ['list', [1, 2]],
    ['obj', { a: 1 }],
    ['s', 'text'],
  ]),
  data: { users: { email: 'e', id: 1 } },
};
function runtimeError(source: string): TemplateRuntimeError {
  const t = compileTemplate(source);
  try {
    t.render(ctx);
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return e;
    throw e;
  }
  throw new Error(`expected a runtime error for ${source}`);
}

describe('syntax errors carry offset and length into the source', () => {
  it.each([
    // source, offset, length, message fragment
    ['abc ${userId', 4, 2, 'never closed'],
    ['x ${', 2, 2, 'never closed'],
    ['${a:-no end', 0, 2, 'never closed'],
    ['id=${}', 3, 3, 'empty expression'],
    ['${a b}', 4, 1, "expected '}'"],
    ['${ foo(1) }', 3, 3, "unknown function 'foo'"],
    ['${uuid(1)}', 2, 7, 'takes 0 arguments, got 1'],
    ['${randomInt(1)}', 2, 12, 'takes 2 arguments, got 1'],
    ['${randomString()}', 2, 14, 'takes 1 to 2 arguments'],
    ['${randomItem()}', 2, 12, 'at least 1'],
    ['${a:b}', 3, 1, "unexpected ':'"],
    ['${a # b}', 4, 1, "unexpected character '#'"],
    ["${'abc}", 2, 1, 'string is never closed'],
    ["${'a\\qb'}", 4, 2, 'unknown escape'],
    ['${(1 + 2}', 8, 1, "expected ')'"],
    ['${a[1}', 5, 1, "expected ']'"],
    ['${a.}', 4, 1, 'property name'],
    ['${env}', 5, 1, 'environment variable name'],
    ['${env.1}', 6, 1, 'environment variable name'],
    ['${data}', 6, 1, 'data feeder name'],
    ['${1 +}', 5, 1, 'expected a value'],
    ['${a.b(1)}', 2, 4, 'only built-in functions can be called'],
    ['${12abc}', 2, 3, 'not a number'],
    ['${a:-${b}}', 5, 2, "cannot contain '${'"],
  ])('%s', (source, offset, length, message) => {
    const e = syntaxError(source);
    expect(e.message).toContain(message);
    expect([e.offset, e.length]).toEqual([offset, length]);
  });

  it('reports the first error of a template with several expressions at its own offset', () => {
    expect(syntaxError('${ok} then ${bad(}').offset).toBe(13);
  });

  it('caps expression length', () => {
    const e = syntaxError(`\${'${'x'.repeat(MAX_EXPRESSION_LENGTH)}'}`);
    expect(e.message).toMatch(/longer than/);
    expect(e.offset).toBe(0);
  });
});

describe('runtime errors name what is missing', () => {
  it.each([
    ['${userId}', "variable 'userId' is not set (extractions that fail leave it unset)", 'userId'],
    ['${env.API_TOKEN}', "environment variable 'API_TOKEN' is not set", 'env.API_TOKEN'],
    ['${data.orders.id}', "data feeder 'orders' is not defined", 'data.orders.id'],
    ['${data.users.phone}', "data feeder 'users' has no column 'phone' (columns: email, id)", 'data.users.phone'],
    ['${obj.b}', "'obj' has no property 'b'", 'obj.b'],
    ['${list[5]}', "index 5 is out of range for 'list' (length 2)", 'list[5]'],
    ["${list['x']}", "'list' is an array", 'list.x'],
    ['${s.length}', "cannot read 'length' of 's'", 's.length'],
  ])('%s', (source, message, reference) => {
    const e = runtimeError(source);
    expect(e.message).toContain(message);
    expect(e.reference).toBe(reference);
  });

  it('never renders undefined data as the text "undefined"', () => {
    const t = compileTemplate('/users/${missing}');
    expect(() => t.render(ctx)).toThrow(TemplateRuntimeError);
    expect(() => t.evaluate(ctx)).toThrow(TemplateRuntimeError);
  });

  it('reports function argument problems at run time', () => {
    expect(runtimeError('${randomInt(5, 1)}').message).toContain('min (5) is greater than max (1)');
    expect(runtimeError("${randomInt('a', 3)}").message).toContain('must be a number');
    expect(runtimeError('${randomItem(s)}').message).toContain('needs a list');
    expect(runtimeError("${base64Decode('%%%')}").message).toContain('not valid base64');
  });
});
