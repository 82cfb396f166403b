import { describe, expect, it } from 'vitest';
import type { Request } from '../../plan/schema/index.ts';
import type { TemplateContext } from '../../template/index.ts';
import { compileAuth, type CompiledAuth } from './auth.ts';
import { compileBody, renderBody, type CompiledBody } from './body.ts';
import { compileJsonBody, compileValue, type JsonBody } from './json-body.ts';
import { statusMatcher } from './status.ts';

function ctx(
  vars: Record<string, unknown> = {},
  env: Record<string, string> = {},
  data: TemplateContext['data'] = {},
): TemplateContext {
  return { vu: 3, iter: 4, scenario: 'browse', env, vars: new Map(Object.entries(vars)), data };
}

const text = (b: JsonBody, c: TemplateContext = ctx()): string => (b.constant ? b.text : b.build(c));

describe('compileJsonBody', () => {
  it('serialises a body without expressions once', () => {
    const value = { a: 1, b: 'two', c: [true, null, { d: 'x' }] };
    const b = compileJsonBody(value);
    expect(b).toEqual({ constant: true, text: '{"a":1,"b":"two","c":[true,null,{"d":"x"}]}' });
  });

  it('treats scalars and empty containers as constants', () => {
    expect(compileJsonBody('plain')).toEqual({ constant: true, text: '"plain"' });
    expect(compileJsonBody(42)).toEqual({ constant: true, text: '42' });
    expect(compileJsonBody([])).toEqual({ constant: true, text: '[]' });
    expect(compileJsonBody({})).toEqual({ constant: true, text: '{}' });
  });

  it('builds a templated body per context', () => {
    const b = compileJsonBody({ user: 'u-${id}', fixed: 'x' });
    expect(b.constant).toBe(false);
    expect(text(b, ctx({ id: 1 }))).toBe('{"user":"u-1","fixed":"x"}');
    expect(text(b, ctx({ id: 2 }))).toBe('{"user":"u-2","fixed":"x"}');
  });

  it('keeps the type of a single expression, at any depth', () => {
    const b = compileJsonBody({
      id: '${id}',
      active: '${flag}',
      tags: '${list}',
      owner: { ref: '${obj}', label: 'n=${id}' },
      items: [1, '${id}', ['${flag}']],
    });
    const c = ctx({ id: 5, flag: false, list: ['a', 'b'], obj: { k: 1 } });
    expect(JSON.parse(text(b, c))).toEqual({
      id: 5,
      active: false,
      tags: ['a', 'b'],
      owner: { ref: { k: 1 }, label: 'n=5' },
      items: [1, 5, [false]],
    });
    expect(text(b, c)).toBe(
      '{"id":5,"active":false,"tags":["a","b"],"owner":{"ref":{"k":1},"label":"n=5"},"items":[1,5,[false]]}',
    );
  });

  it('reads env, data and builtins', () => {
    const b = compileJsonBody({ region: '${env.REGION}', user: '${data.users.name}', vu: '${vu}', iter: '${iter}' });
    expect(JSON.parse(text(b, ctx({}, { REGION: 'eu' }, { users: { name: 'ann' } })))).toEqual({
      region: 'eu',
      user: 'ann',
      vu: 3,
      iter: 4,
    });
  });

  it('turns $${ into a literal ${ without evaluating it', () => {
    const b = compileJsonBody({ tpl: '$${name}', nested: ['cost $${price}'] });
    expect(JSON.parse(text(b, ctx({ name: 'X', price: 1 })))).toEqual({ tpl: '${name}', nested: ['cost ${price}'] });
  });

  it('does not evaluate object keys', () => {
    const b = compileJsonBody({ '${id}': '${id}' });
    expect(text(b, ctx({ id: 9 }))).toBe('{"${id}":9}');
  });

  it('compileValue returns the value itself when it holds no expression', () => {
    const v = { a: [1, 2] };
    expect(compileValue(v)(ctx())).toBe(v);
    expect(compileValue('${id}')(ctx({ id: 7 }))).toBe(7);
  });
});

describe('compileBody and renderBody', () => {
  const req = (r: Omit<Request, 'url'>): Request => ({ url: '/x', ...r });
  const render = (b: CompiledBody | undefined, c: TemplateContext = ctx()): string | Buffer => {
    if (!b) throw new Error('no body');
    return renderBody(b, c);
  };

  it('no body', () => {
    expect(compileBody(req({}), new Map())).toBeUndefined();
  });

  it('json', () => {
    const b = compileBody(req({ json: { id: '${id}' } }), new Map());
    expect(b?.contentType).toBe('application/json');
    expect(render(b, ctx({ id: 3 }))).toBe('{"id":3}');
    expect(render(compileBody(req({ json: [1, 2] }), new Map()))).toBe('[1,2]');
  });

  it('form: url-encoded names and values, arrays repeat the name, scalars as text', () => {
    const b = compileBody(req({ form: { q: 'a b&c=d', 'na me': 'é', tag: ['x', 'y/z'], n: 5, ok: true } }), new Map());
    expect(b?.contentType).toBe('application/x-www-form-urlencoded');
    expect(render(b)).toBe('q=a%20b%26c%3Dd&na%20me=%C3%A9&tag=x&tag=y%2Fz&n=5&ok=true');
    // All constant: encoded once at compile time, the same string every request.
    expect(b?.kind === 'form' && b.text).toBe('q=a%20b%26c%3Dd&na%20me=%C3%A9&tag=x&tag=y%2Fz&n=5&ok=true');
  });

  it('form: values may hold ${...}', () => {
    const b = compileBody(req({ form: { user: '${name}', ids: ['${a}', '${b}'] } }), new Map());
    expect(render(b, ctx({ name: 'ann lee', a: 1, b: 2 }))).toBe('user=ann%20lee&ids=1&ids=2');
    expect(render(b, ctx({ name: 'bo', a: 3, b: 4 }))).toBe('user=bo&ids=3&ids=4');
    expect(b?.kind === 'form' && b.text).toBeUndefined();
  });

  it('text', () => {
    const b = compileBody(req({ text: 'hello ${name}, cost $${x}' }), new Map());
    expect(b?.contentType).toBe('text/plain; charset=utf-8');
    expect(render(b, ctx({ name: 'Ada' }))).toBe('hello Ada, cost ${x}');
  });

  it('file: the loaded bytes, with a content type from the extension or the plan', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const files = new Map([
      ['img/logo.PNG', bytes],
      ['payload.bin', Buffer.from('raw')],
      ['body.json', Buffer.from('{}')],
    ]);
    const png = compileBody(req({ file: 'img/logo.PNG' }), files);
    expect(png?.contentType).toBe('image/png');
    expect(render(png)).toBe(bytes);
    expect(compileBody(req({ file: 'payload.bin' }), files)?.contentType).toBe('application/octet-stream');
    expect(compileBody(req({ file: 'body.json' }), files)?.contentType).toBe('application/json');
    expect(
      compileBody(req({ file: { path: 'body.json', contentType: 'application/vnd.api+json' } }), files)?.contentType,
    ).toBe('application/vnd.api+json');
    expect(compileBody(req({ file: { path: 'body.json' } }), files)?.contentType).toBe('application/json');
  });

  it('file: refuses a file that was not loaded', () => {
    expect(() => compileBody(req({ file: 'missing.csv' }), new Map())).toThrow('body file missing.csv was not loaded');
  });
});

describe('compileAuth', () => {
  const header = (a: CompiledAuth | undefined, c: TemplateContext = ctx()): [string, string, string] | undefined =>
    a ? [a.in, a.name, a.value(c)] : undefined;

  it('none and absent give nothing', () => {
    expect(compileAuth(undefined)).toBeUndefined();
    expect(compileAuth({ type: 'none' })).toBeUndefined();
  });

  it('bearer, with the default or a custom scheme', () => {
    expect(header(compileAuth({ type: 'bearer', token: 'abc.def' }))).toEqual([
      'header',
      'authorization',
      'Bearer abc.def',
    ]);
    expect(header(compileAuth({ type: 'bearer', token: 'abc', scheme: 'Token' }))).toEqual([
      'header',
      'authorization',
      'Token abc',
    ]);
    const templated = compileAuth({ type: 'bearer', token: '${env.API_TOKEN}' });
    expect(header(templated, ctx({}, { API_TOKEN: 't-1' }))?.[2]).toBe('Bearer t-1');
    expect(header(templated, ctx({}, { API_TOKEN: 't-2' }))?.[2]).toBe('Bearer t-2');
    // The render memo shares a step between VUs only when its auth is constant.
    expect([compileAuth({ type: 'bearer', token: 'abc' })?.constant, templated?.constant]).toEqual([true, false]);
    expect([
      compileAuth({ type: 'apiKey', name: 'X-Key', value: 'k' })?.constant,
      compileAuth({ type: 'apiKey', name: 'X-Key', value: '${k}' })?.constant,
    ]).toEqual([true, false]);
  });

  it('basic with constant credentials (RFC 7617 example)', () => {
    expect(header(compileAuth({ type: 'basic', username: 'Aladdin', password: 'open sesame' }))).toEqual([
      'header',
      'authorization',
      'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
    ]);
  });

  it('basic encodes UTF-8 credentials', () => {
    expect(header(compileAuth({ type: 'basic', username: 'jürgen', password: 'päss' }))?.[2]).toBe(
      'Basic asO8cmdlbjpww6Rzcw==',
    );
  });

  it('basic with templated credentials, per context', () => {
    const a = compileAuth({ type: 'basic', username: '${user}', password: '${env.PW}' });
    expect(header(a, ctx({ user: 'ada' }, { PW: 's3cret' }))?.[2]).toBe('Basic YWRhOnMzY3JldA==');
    const b = compileAuth({ type: 'basic', username: 'u${vu}', password: 'pw-7' });
    expect(header(b, { ...ctx(), vu: 7 })?.[2]).toBe('Basic dTc6cHctNw==');
  });

  it('apiKey in a header (name lower-cased, the default) or in the query (name kept)', () => {
    expect(header(compileAuth({ type: 'apiKey', name: 'X-API-Key', value: 'k1' }))).toEqual([
      'header',
      'x-api-key',
      'k1',
    ]);
    expect(header(compileAuth({ type: 'apiKey', name: 'X-API-Key', value: 'k1', in: 'header' }))).toEqual([
      'header',
      'x-api-key',
      'k1',
    ]);
    expect(
      header(
        compileAuth({ type: 'apiKey', name: 'Api_Key', value: '${env.KEY}', in: 'query' }),
        ctx({}, { KEY: 'q9' }),
      ),
    ).toEqual(['query', 'Api_Key', 'q9']);
  });
});

describe('statusMatcher', () => {
  it('defaults to 200-399', () => {
    const m = statusMatcher(undefined);
    expect([199, 200, 204, 301, 399, 400, 404, 500, 0].map(m)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('custom singles and ranges replace the default', () => {
    const m = statusMatcher([200, 201, { min: 400, max: 404 }, { min: 500, max: 500 }]);
    expect([200, 201, 202, 301, 399, 400, 403, 404, 405, 500, 501].map(m)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('a single value only', () => {
    const m = statusMatcher([404]);
    expect(m(404)).toBe(true);
    expect(m(200)).toBe(false);
  });
});
