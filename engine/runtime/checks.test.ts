import { describe, expect, it } from 'vitest';
import type { Check } from '../plan/schema/index.ts';
import type { TemplateContext } from '../template/index.ts';
import { compileCheck } from './checks.ts';
import type { ResponseHeaders } from './http/types.ts';
import { ResponseView } from './response.ts';

const DOC = {
  token: 'tok-3f9a2c',
  count: '42',
  user: { id: 7, name: 'Ada', roles: ['admin', 'dev'], address: { city: 'London', zip: 'N1' } },
  items: [
    { id: 1, name: 'apple' },
    { id: 2, name: 'banana' },
    { id: 3, name: 'cherry' },
  ],
  meta: { next: null, active: true },
};

interface ViewOptions {
  status?: number;
  headers?: ResponseHeaders;
  body?: string;
  truncated?: boolean;
  durationMs?: number;
}

function view(o: ViewOptions = {}): ResponseView {
  return new ResponseView(
    o.status ?? 200,
    o.headers ?? {},
    o.body === undefined ? undefined : Buffer.from(o.body),
    o.truncated ?? false,
    o.durationMs ?? 12,
    'http://api.test/x',
  );
}
const json = (value: unknown, o: ViewOptions = {}): ResponseView => view({ ...o, body: JSON.stringify(value) });

function ctx(vars: Record<string, unknown> = {}, data: TemplateContext['data'] = {}): TemplateContext {
  return { vu: 1, iter: 0, scenario: 's', env: {}, vars: new Map(Object.entries(vars)), data };
}

/** Evaluates a check: undefined on pass, the failure reason otherwise. */
function run(c: Check, r: ResponseView, c2: TemplateContext = ctx()): string | undefined {
  return compileCheck(c).evaluate(r, c2);
}

describe('status checks', () => {
  it('a single value', () => {
    expect(run({ status: 200 }, view({ status: 200 }))).toBeUndefined();
    expect(run({ status: 200 }, view({ status: 503 }))).toBe('got 503');
  });

  it('a list', () => {
    expect(run({ status: [200, 201] }, view({ status: 201 }))).toBeUndefined();
    expect(run({ status: [200, 201] }, view({ status: 404 }))).toBe('got 404');
  });

  it('a range, inclusive at both ends', () => {
    const c: Check = { status: { min: 200, max: 299 } };
    expect(run(c, view({ status: 200 }))).toBeUndefined();
    expect(run(c, view({ status: 299 }))).toBeUndefined();
    expect(run(c, view({ status: 199 }))).toBe('got 199');
    expect(run(c, view({ status: 300 }))).toBe('got 300');
  });

  it('a class', () => {
    expect(run({ status: '2xx' }, view({ status: 204 }))).toBeUndefined();
    expect(run({ status: '4xx' }, view({ status: 418 }))).toBeUndefined();
    expect(run({ status: '2xx' }, view({ status: 302 }))).toBe('got 302');
    expect(run({ status: '5xx' }, view({ status: 499 }))).toBe('got 499');
  });

  it('says "no response" for status 0', () => {
    expect(run({ status: 200 }, view({ status: 0 }))).toBe('no response');
    expect(run({ status: [200] }, view({ status: 0 }))).toBe('no response');
    expect(run({ status: { min: 100, max: 599 } }, view({ status: 0 }))).toBe('no response');
    expect(run({ status: '2xx' }, view({ status: 0 }))).toBe('no response');
  });

  it('does not need the body', () => {
    expect(compileCheck({ status: 200 }).needsBody).toBe(false);
  });
});

describe('header checks', () => {
  const r = view({
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-trace': 'abc-123', vary: ['Accept', 'Origin'] },
  });

  it('exists (the default), case-insensitive on the name', () => {
    expect(run({ header: 'Content-Type' }, r)).toBeUndefined();
    expect(run({ header: 'x-missing' }, r)).toBe('header missing');
    expect(run({ header: 'x-missing', exists: true }, r)).toBe('header missing');
  });

  it('absent', () => {
    expect(run({ header: 'x-missing', exists: false }, r)).toBeUndefined();
    expect(run({ header: 'X-Trace', exists: false }, r)).toBe('header present: "abc-123"');
  });

  it('equals', () => {
    expect(run({ header: 'content-type', equals: 'application/json; charset=utf-8' }, r)).toBeUndefined();
    expect(run({ header: 'content-type', equals: 'application/json' }, r)).toBe(
      'got "application/json; charset=utf-8"',
    );
    expect(run({ header: 'x-missing', equals: 'x' }, r)).toBe('header missing');
  });

  it('equals on a repeated header sees the values joined with ", "', () => {
    expect(run({ header: 'vary', equals: 'Accept, Origin' }, r)).toBeUndefined();
  });

  it('contains', () => {
    expect(run({ header: 'content-type', contains: 'json' }, r)).toBeUndefined();
    expect(run({ header: 'content-type', contains: 'xml' }, r)).toBe('got "application/json; charset=utf-8"');
  });

  it('matches', () => {
    expect(run({ header: 'x-trace', matches: '^[a-z]+-\\d{3}$' }, r)).toBeUndefined();
    expect(run({ header: 'x-trace', matches: '^\\d+$' }, r)).toBe('got "abc-123"');
  });

  it('does not need the body', () => {
    expect(compileCheck({ header: 'x-trace', equals: 'a' }).needsBody).toBe(false);
  });
});

describe('jsonPath checks', () => {
  const r = json(DOC);

  it('exists (the default) and needs the body', () => {
    expect(compileCheck({ jsonPath: '$.user.id' }).needsBody).toBe(true);
    expect(run({ jsonPath: '$.user.id' }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.meta.next' }, r)).toBeUndefined(); // null is a value
    expect(run({ jsonPath: '$.user.email' }, r)).toBe('no match');
  });

  it('absent', () => {
    expect(run({ jsonPath: '$.user.email', exists: false }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.id', exists: false }, r)).toBe('found 7');
  });

  it('equals compares deeply and strictly', () => {
    expect(run({ jsonPath: '$.user.address', equals: { zip: 'N1', city: 'London' } }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.roles', equals: ['admin', 'dev'] }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.meta.next', equals: null }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.address', equals: { city: 'Paris', zip: 'N1' } }, r)).toBe(
      'got {"city":"London","zip":"N1"}',
    );
    expect(run({ jsonPath: '$.user.id', equals: '7' }, r)).toBe('got 7');
    expect(run({ jsonPath: '$.user.roles', equals: ['dev', 'admin'] }, r)).toBe('got ["admin","dev"]');
  });

  it('uses the first match of a multi-match path', () => {
    expect(run({ jsonPath: '$.items[*].name', equals: 'apple' }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.items[*].name', equals: 'banana' }, r)).toBe('got "apple"');
  });

  it('notEquals', () => {
    expect(run({ jsonPath: '$.user.name', notEquals: 'Bob' }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.name', notEquals: 'Ada' }, r)).toBe('got "Ada"');
  });

  it('gt / gte / lt / lte on numbers', () => {
    expect(run({ jsonPath: '$.user.id', gt: 6 }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.id', gt: 7 }, r)).toBe('got 7');
    expect(run({ jsonPath: '$.user.id', gte: 7 }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.id', gte: 8 }, r)).toBe('got 7');
    expect(run({ jsonPath: '$.user.id', lt: 8 }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.id', lt: 7 }, r)).toBe('got 7');
    expect(run({ jsonPath: '$.user.id', lte: 7 }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.id', lte: 6 }, r)).toBe('got 7');
    expect(run({ jsonPath: '$.user.id', gt: 1, lt: 5 }, r)).toBe('got 7');
  });

  it('compares numeric strings as numbers and refuses non-numbers', () => {
    expect(run({ jsonPath: '$.count', gt: 41, lte: 42 }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.count', gt: 42 }, r)).toBe('got "42"');
    expect(run({ jsonPath: '$.user.name', gt: 0 }, r)).toBe('got "Ada", not a number');
    expect(run({ jsonPath: '$.meta.active', lt: 5 }, r)).toBe('got true, not a number');
    expect(run({ jsonPath: '$.x', gte: 0 }, json({ x: '' }))).toBe('got "", not a number');
  });

  it('contains: an element of an array (deep) or text in a string', () => {
    expect(run({ jsonPath: '$.user.roles', contains: 'admin' }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.roles', contains: 'ops' }, r)).toBe('got ["admin","dev"]');
    expect(run({ jsonPath: '$.items', contains: { id: 2, name: 'banana' } }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.items', contains: { id: 2 } }, r)).toMatch(/^got \[/);
    expect(run({ jsonPath: '$.token', contains: '3f9a' }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.token', contains: 'zzz' }, r)).toBe('got "tok-3f9a2c"');
    expect(run({ jsonPath: '$.user.id', contains: 7 }, r)).toBe('got 7');
  });

  it('matches: strings directly, other values as JSON', () => {
    expect(run({ jsonPath: '$.token', matches: '^tok-[0-9a-f]{6}$' }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.token', matches: '^\\d+$' }, r)).toBe('got "tok-3f9a2c"');
    expect(run({ jsonPath: '$.user.id', matches: '^7$' }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.roles', matches: '"admin"' }, r)).toBeUndefined();
  });

  it('length of arrays and strings', () => {
    expect(run({ jsonPath: '$.items', length: 3 }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.items', length: 2 }, r)).toBe('length is 3');
    expect(run({ jsonPath: '$.user.name', length: 3 }, r)).toBeUndefined();
    expect(run({ jsonPath: '$.user.name', length: 4 }, r)).toBe('length is 3');
    expect(run({ jsonPath: '$.user.id', length: 1 }, r)).toBe('got 7, which has no length');
  });

  it('shortens long values in the reason', () => {
    const long = 'x'.repeat(200);
    const reason = run({ jsonPath: '$.s', equals: 'y' }, json({ s: long }));
    expect(reason).toBe(`got "${'x'.repeat(76)}...`);
  });

  it('reports a body that is not JSON, empty or truncated', () => {
    expect(run({ jsonPath: '$.a' }, view({ body: '<html>oops</html>' }))).toBe(
      'the body is not JSON (starts with "<html>oops</html>")',
    );
    expect(run({ jsonPath: '$.a' }, view({ body: '' }))).toBe('the body is empty, not JSON');
    expect(run({ jsonPath: '$.a' }, view())).toBe('the body is empty, not JSON');
    expect(run({ jsonPath: '$.a' }, view({ body: '{"a":1', truncated: true }))).toMatch(/larger than maxBodySize/);
  });
});

describe('body checks', () => {
  const r = view({ body: 'hello <world> token=abc123;' });

  it('need the body', () => {
    expect(compileCheck({ body: { contains: 'x' } }).needsBody).toBe(true);
  });

  it('contains / notContains', () => {
    expect(run({ body: { contains: 'token=abc' } }, r)).toBeUndefined();
    expect(run({ body: { contains: 'goodbye' } }, r)).toBe('text not found');
    expect(run({ body: { notContains: 'error' } }, r)).toBeUndefined();
    expect(run({ body: { notContains: '<world>' } }, r)).toBe('unwanted text found');
  });

  it('contains a text with an escaped template, or a template rendered for the VU', () => {
    const page = view({ body: 'total: ${price}, vu 1' });
    expect(run({ body: { contains: '$${price}' } }, page)).toBeUndefined();
    expect(run({ body: { contains: '${price}' } }, page, ctx({ price: 3 }))).toBe('text not found');
    expect(run({ body: { contains: 'vu ${vu}' } }, page)).toBeUndefined();
    expect(run({ body: { contains: 'vu ${vu}' } }, page, { ...ctx(), vu: 2 })).toBe('text not found');
  });

  it('matches', () => {
    expect(run({ body: { matches: 'token=\\w{6};$' } }, r)).toBeUndefined();
    expect(run({ body: { matches: '^token' } }, r)).toBe('no match');
  });

  it('equals', () => {
    expect(run({ body: { equals: 'hello <world> token=abc123;' } }, r)).toBeUndefined();
    expect(run({ body: { equals: 'hello' } }, r)).toBe('got "hello <world> token=abc123;"');
  });

  it('all conditions must hold', () => {
    expect(run({ body: { contains: 'hello', notContains: 'bye', matches: 'abc\\d+' } }, r)).toBeUndefined();
    expect(run({ body: { contains: 'hello', notContains: 'token' } }, r)).toBe('unwanted text found');
  });

  it('a missing body is empty text', () => {
    expect(run({ body: { equals: '' } }, view())).toBeUndefined();
    expect(run({ body: { contains: 'a' } }, view())).toBe('text not found');
  });

  it('fails on a truncated body with advice instead of judging a partial text', () => {
    const t = view({ body: 'hello', truncated: true });
    expect(run({ body: { contains: 'hello' } }, t)).toBe(
      'the body is larger than maxBodySize (raise defaults.http.maxBodySize)',
    );
    expect(run({ body: { notContains: 'zzz' } }, t)).toMatch(/maxBodySize/);
  });
});

describe('duration checks', () => {
  it('lt is strict', () => {
    expect(compileCheck({ duration: { lt: '500ms' } }).needsBody).toBe(false);
    expect(run({ duration: { lt: '500ms' } }, view({ durationMs: 499.9 }))).toBeUndefined();
    expect(run({ duration: { lt: '500ms' } }, view({ durationMs: 500 }))).toBe('took 500.0ms');
  });

  it('lte includes the limit', () => {
    expect(run({ duration: { lte: '0.5s' } }, view({ durationMs: 500 }))).toBeUndefined();
    expect(run({ duration: { lte: '0.5s' } }, view({ durationMs: 500.25 }))).toBe('took 500.3ms');
  });

  it('parses composite durations', () => {
    expect(run({ duration: { lt: '1m30s' } }, view({ durationMs: 89_999 }))).toBeUndefined();
    expect(run({ duration: { lt: '1m30s' } }, view({ durationMs: 90_000 }))).toBe('took 90000.0ms');
  });

  it('applies both limits when lt and lte are both set', () => {
    const c: Check = { duration: { lt: '1s', lte: '500ms' } };
    expect(run(c, view({ durationMs: 400 }))).toBeUndefined();
    expect(run(c, view({ durationMs: 700 }))).toBe('took 700.0ms');
  });
});

describe('templated expected values', () => {
  it('header equals / contains with ${...}', () => {
    const r = view({ headers: { 'x-user': 'user-42' } });
    expect(run({ header: 'x-user', equals: 'user-${id}' }, r, ctx({ id: 42 }))).toBeUndefined();
    expect(run({ header: 'x-user', equals: 'user-${id}' }, r, ctx({ id: 43 }))).toBe('got "user-42"');
    expect(run({ header: 'x-user', contains: '${id}' }, r, ctx({ id: 42 }))).toBeUndefined();
  });

  it('is evaluated per call, with the context of that call', () => {
    const rule = compileCheck({ body: { contains: '${x}' } });
    const r = view({ body: 'alpha beta' });
    expect(rule.evaluate(r, ctx({ x: 'beta' }))).toBeUndefined();
    expect(rule.evaluate(r, ctx({ x: 'gamma' }))).toBe('text not found');
  });

  it('body contains a data feeder column', () => {
    const r = view({ body: 'welcome, ada.lovelace' });
    const c = ctx({}, { users: { username: 'ada.lovelace' } });
    expect(run({ body: { contains: '${data.users.username}' } }, r, c)).toBeUndefined();
    expect(run({ body: { notContains: '${data.users.username}' } }, r, c)).toBe('unwanted text found');
  });

  it('a single expression keeps its type: number 1 equals "${id}" when id is 1', () => {
    const r = json({ id: 1 });
    expect(run({ jsonPath: '$.id', equals: '${id}' }, r, ctx({ id: 1 }))).toBeUndefined();
    expect(run({ jsonPath: '$.id', equals: '${id}' }, r, ctx({ id: '1' }))).toBe('got 1');
    expect(run({ jsonPath: '$.id', notEquals: '${id}' }, r, ctx({ id: 1 }))).toBe('got 1');
  });

  it('expressions nested in an expected object', () => {
    const r = json({ user: { id: 5, name: 'u5' } });
    expect(run({ jsonPath: '$.user', equals: { id: '${id}', name: 'u${id}' } }, r, ctx({ id: 5 }))).toBeUndefined();
    expect(run({ jsonPath: '$.user', equals: { id: '${id}', name: 'u${id}' } }, r, ctx({ id: 6 }))).toBe(
      'got {"id":5,"name":"u5"}',
    );
  });

  it('jsonPath contains with ${...}', () => {
    const r = json({ roles: ['admin', 'dev'] });
    expect(run({ jsonPath: '$.roles', contains: '${role}' }, r, ctx({ role: 'dev' }))).toBeUndefined();
    expect(run({ jsonPath: '$.roles', contains: '${role}' }, r, ctx({ role: 'ops' }))).toBe('got ["admin","dev"]');
  });

  it('$${ is a literal ${', () => {
    const r = view({ body: 'price: ${total}' });
    expect(run({ body: { contains: '$${total}' } }, r, ctx({ total: 9 }))).toBeUndefined();
    expect(run({ body: { equals: 'price: $${total}' } }, r, ctx({ total: 9 }))).toBeUndefined();
  });
});
