import { describe, expect, it } from 'vitest';
import { compileTemplate, TemplateRuntimeError, TemplateSyntaxError, type TemplateContext } from './index.ts';

function context(over: Partial<TemplateContext> = {}): TemplateContext {
  return {
    vu: 3,
    iter: 7,
    scenario: 'browse',
    env: { BASE_URL: 'http://api.test', EMPTY: '', PAGE: '5' },
    vars: new Map<string, unknown>([
      ['userId', 'u-42'],
      ['count', 12],
      ['orgPrefix', 'Organization'],
      ['user', { name: 'Ann', tags: ['admin', 'dev'], address: { city: 'Oslo' }, nothing: null }],
      [
        'matrix',
        [
          [1, 2],
          [3, 4],
        ],
      ],
      ['flag', false],
      ['empty', ''],
      ['nil', null],
    ]),
    data: { users: { email: 'ann@example.com', id: 17, 'first name': 'Ann' } },
    ...over,
  };
}
const render = (source: string, ctx = context()): string => compileTemplate(source).render(ctx);
const evaluate = (source: string, ctx = context()): unknown => compileTemplate(source).evaluate(ctx);

describe('constant templates', () => {
  it('returns plain text as is and reports it constant', () => {
    const t = compileTemplate('/v3/users?limit=10 $ } {');
    expect(t.constant).toBe(true);
    expect(t.references).toEqual([]);
    expect(t.render(context())).toBe('/v3/users?limit=10 $ } {');
  });

  it('unescapes $${ to a literal ${', () => {
    const t = compileTemplate('cost: $${price} and $$${x}');
    expect(t.constant).toBe(true);
    expect(t.render(context())).toBe('cost: ${price} and $${x}');
    expect(t.evaluate(context())).toBe('cost: ${price} and $${x}');
  });

  it('handles the empty string', () => {
    expect(render('')).toBe('');
  });
});

describe('names', () => {
  it('reads builtins, variables, env and data columns', () => {
    expect(render('${vu}/${iter}/${scenario}')).toBe('3/7/browse');
    expect(render('/v3/users/${userId}')).toBe('/v3/users/u-42');
    expect(render('Token ${env.BASE_URL}')).toBe('Token http://api.test');
    expect(render("${env['BASE_URL']}")).toBe('http://api.test');
    expect(render('${data.users.email}')).toBe('ann@example.com');
    expect(render("${data.users['first name']}")).toBe('Ann');
    expect(render('${orgPrefix} ${vu}:${iter}')).toBe('Organization 3:7');
  });

  it('reads members of extracted objects and arrays', () => {
    expect(render('${user.name}')).toBe('Ann');
    expect(render('${user.tags[1]}')).toBe('dev');
    expect(render('${user.tags.0}')).toBe('admin');
    expect(render("${user['address']['city']}")).toBe('Oslo');
    expect(render('${matrix[1][0]}')).toBe('3');
    expect(render('${user.tags[iter - 6]}')).toBe('dev');
  });

  it('follows the context it is given, not the one it was first rendered with', () => {
    const t = compileTemplate('${userId}-${iter}');
    expect(t.render(context())).toBe('u-42-7');
    expect(t.render(context({ iter: 8, vars: new Map([['userId', 'b']]) }))).toBe('b-8');
  });
});

describe('literals and operators', () => {
  it('parses numbers, strings with escapes, booleans and null', () => {
    expect(evaluate('${42}')).toBe(42);
    expect(evaluate('${1.5e2}')).toBe(150);
    expect(evaluate("${'it\\'s'}")).toBe("it's");
    expect(evaluate('${"a\\\\b\\n\\u0041"}')).toBe('a\\b\nA');
    expect(evaluate("${'}'}")).toBe('}');
    expect(evaluate('${true}')).toBe(true);
    expect(evaluate('${false}')).toBe(false);
    expect(evaluate('${null}')).toBeNull();
  });

  it('adds numbers and concatenates anything else', () => {
    expect(evaluate('${1 + 2}')).toBe(3);
    expect(evaluate('${count + iter}')).toBe(19);
    expect(evaluate("${'a' + 1}")).toBe('a1');
    expect(evaluate('${env.PAGE + 1}')).toBe('51');
    expect(evaluate("${userId + '-' + vu}")).toBe('u-42-3');
  });

  it('does arithmetic with precedence, parentheses and unary minus', () => {
    expect(evaluate('${1 + 2 * 3}')).toBe(7);
    expect(evaluate('${(1 + 2) * 3}')).toBe(9);
    expect(evaluate('${10 - 4 - 3}')).toBe(3);
    expect(evaluate('${17 % 5}')).toBe(2);
    expect(evaluate('${7 / 2}')).toBe(3.5);
    expect(evaluate('${-iter}')).toBe(-7);
    expect(evaluate('${-(2 - 5)}')).toBe(3);
    expect(evaluate('${env.PAGE * 2}')).toBe(10);
  });

  it('refuses arithmetic on non-numbers and non-finite results', () => {
    // Known before the run: refused when the plan is validated (static-types.ts), not per request.
    expect(() => evaluate("${'abc' * 2}")).toThrow(TemplateSyntaxError);
    expect(() => evaluate('${env.X * 2}', context({ env: { X: 'abc' } }))).toThrow(TemplateRuntimeError);
    expect(() => evaluate('${user - 1}')).toThrow(/must be a number/);
    expect(() => evaluate('${1 / 0}')).toThrow(/finite number/);
  });
});

describe('render vs evaluate', () => {
  it('evaluate keeps the type of a lone expression', () => {
    expect(evaluate('${count}')).toBe(12);
    expect(evaluate('${flag}')).toBe(false);
    expect(evaluate('${user.tags}')).toEqual(['admin', 'dev']);
    expect(evaluate('${nil}')).toBeNull();
    expect(evaluate('${data.users.id}')).toBe(17);
  });

  it('evaluate renders when there is surrounding text or several expressions', () => {
    expect(evaluate(' ${count}')).toBe(' 12');
    expect(evaluate('${count}${count}')).toBe('1212');
  });

  it('render writes numbers plain, objects and arrays as JSON, null as null', () => {
    expect(render('${count}')).toBe('12');
    expect(render('${flag}')).toBe('false');
    expect(render('${user.address}')).toBe('{"city":"Oslo"}');
    expect(render('${matrix}')).toBe('[[1,2],[3,4]]');
    expect(render('n=${nil}')).toBe('n=null');
  });
});

describe('defaults', () => {
  it('uses the default when the value is unset, null or empty', () => {
    expect(render('${env.NOPE:-http://127.0.0.1:3000}')).toBe('http://127.0.0.1:3000');
    expect(render('${env.EMPTY:-fallback}')).toBe('fallback');
    expect(render('${missing:-anon}')).toBe('anon');
    expect(render('${nil:-was null}')).toBe('was null');
    expect(render('${empty:-was empty}')).toBe('was empty');
    expect(render('${user.nickname:-none}')).toBe('none');
    expect(render('${user.address.street.no:-none}')).toBe('none');
    expect(render('${data.nofeeder.x:-none}')).toBe('none');
    expect(render('${upper(missing):-none}')).toBe('none');
  });

  it('keeps set values, including false and 0', () => {
    expect(render('${env.BASE_URL:-http://other}')).toBe('http://api.test');
    expect(evaluate('${flag:-true}')).toBe(false);
    expect(evaluate('${count - 12:-x}')).toBe(0);
  });

  it('takes the default as raw text: may be empty, keeps spaces and balanced braces', () => {
    expect(render('[${missing:-}]')).toBe('[]');
    expect(render('[${missing:- a b }]')).toBe('[ a b ]');
    expect(render('${missing:-{"a":{"b":1}}}!')).toBe('{"a":{"b":1}}!');
    expect(evaluate('${missing:-5}')).toBe('5');
  });
});
