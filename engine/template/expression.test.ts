import { describe, expect, it } from 'vitest';
import { compileExpression, TemplateSyntaxError, type TemplateContext } from './index.ts';

const ctx: TemplateContext = {
  vu: 1,
  iter: 0,
  scenario: 's',
  env: {},
  vars: new Map<string, unknown>([['items', [1, 2]]]),
  data: {},
};

function syntax(source: string): TemplateSyntaxError {
  try {
    compileExpression(source);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected a syntax error for ${source}`);
}

describe('compileExpression', () => {
  it('takes the expression written bare or inside one ${...}, with the same value and reference offsets in the text', () => {
    const bare = compileExpression('len(items) > 1');
    const wrapped = compileExpression('${len(items) > 1}');
    expect([bare.evaluate(ctx), wrapped.evaluate(ctx)]).toEqual([true, true]);
    expect(bare.references).toEqual([{ kind: 'var', name: 'items', hasDefault: false, offset: 4 }]);
    expect(wrapped.references).toEqual([{ kind: 'var', name: 'items', hasDefault: false, offset: 6 }]);
    expect(compileExpression('items').evaluate(ctx)).toEqual([1, 2]);
  });

  it('locates errors in the text as written', () => {
    expect([syntax('len(items) >').offset, syntax('len(items) >').message]).toEqual([
      12,
      expect.stringContaining('expected a value') as unknown,
    ]);
    expect(syntax('${a ==}').offset).toBe(6);
    expect(syntax("x == 'abc' * 2").offset).toBe(5);
  });

  it('refuses ${...} around parts of it, and an empty one', () => {
    const e = syntax('${a} == 1');
    expect([e.offset, e.message]).toEqual([0, expect.stringContaining("without '${...}' around its parts") as unknown]);
    expect(syntax('a == ${b}').offset).toBe(5);
    expect(syntax('  ').message).toContain('empty expression');
  });
});
