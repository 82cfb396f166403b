import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { parsePlan } from '../../plan/index.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { MEMOIZED_REQUESTS, sharedPieces, type CompiledRequest, type SharedPieces } from '../compile/request.ts';
import { compileSteps } from '../compile/steps.ts';
import type { MutableTemplateContext } from './virtual-user.ts';
import { renderRequest } from './render.ts';

const { plan } = parsePlan(`
version: 1
name: render
variables: { a: "1", b: "k" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 1
    iterations: 1
    steps:
      - request: { url: "http://127.0.0.1:1/x", headers: { x-a: "\${a}", x-b: "\${b}" } }
      - request: { url: "http://127.0.0.1:1/fixed", headers: { accept: "application/json" }, auth: { type: bearer, token: "t0k" } }
`);
/** Scenario `s`'s steps, compiled as a worker does (`shared`: with the pieces steps share, and the memo limit). */
function compile(p: Plan, shared?: SharedPieces): CompiledRequest[] {
  return compileSteps(p.scenarios.s!.steps, '', {
    plan: p,
    scenario: 's',
    scenarioTags: undefined,
    recorder: new MetricsRecorder(),
    files: new Map(),
    ...(shared ? { shared } : {}),
  }) as CompiledRequest[];
}
const steps = compile(plan);
const step = steps[0]!;
const fixed = steps[1]!;

function ctx(vars: Record<string, string>, vu = 1): MutableTemplateContext {
  return { vu, iter: 0, scenario: 's', env: {}, vars: new Map(Object.entries(vars)), data: {} };
}
const header = (headers: readonly string[], name: string): string | undefined => headers[headers.indexOf(name) + 1];

describe('renderRequest', () => {
  it('reuses the header array while the values stay the same, and the URL split', () => {
    const vu = ctx({ a: '1', b: 'k' });
    const first = renderRequest(step, vu, 'ua');
    const again = renderRequest(step, vu, 'ua');
    expect(again.headers).toBe(first.headers);
    expect(again.target).toEqual({ origin: 'http://127.0.0.1:1', path: '/x' });
    vu.vars.set('a', '2');
    const changed = renderRequest(step, vu, 'ua');
    expect(changed.headers).not.toBe(first.headers);
    expect(header(changed.headers, 'x-a')).toBe('2');
  });

  it('keeps a memo per VU for a step with per-VU values: VUs taking turns keep their own header arrays', () => {
    const one = ctx({ a: '1', b: 'k' }, 1);
    const two = ctx({ a: '2', b: 'k' }, 2);
    const a1 = renderRequest(step, one, 'ua');
    const b1 = renderRequest(step, two, 'ua');
    const a2 = renderRequest(step, one, 'ua');
    const b2 = renderRequest(step, two, 'ua');
    expect(a2.headers).toBe(a1.headers);
    expect(b2.headers).toBe(b1.headers);
    expect([header(a2.headers, 'x-a'), header(b2.headers, 'x-a')]).toEqual(['1', '2']);
  });

  it('shares one rendering between VUs for a step whose URL, headers and auth are constant', () => {
    const a = renderRequest(fixed, ctx({}, 1), 'ua');
    const b = renderRequest(fixed, ctx({}, 2), 'ua');
    expect(b.headers).toBe(a.headers);
    expect(header(a.headers, 'authorization')).toBe('Bearer t0k');
  });

  it('shares one rendering between VUs for a step whose templates render alike for all of them (env, variables)', () => {
    const { plan: p } = parsePlan(`
version: 1
name: env
variables: { b: "k" }
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 3
    iterations: 1
    steps:
      - request: { url: "/x", headers: { x-b: "\${b}" } }
      - request: { url: "/users/\${vu}" }
`);
    const [alike, perVu] = compile(p);
    const vus = [1, 2, 3].map((n) => ({ ...ctx({ b: 'k' }, n), env: { BASE: 'http://127.0.0.1:1' } }));
    const rendered = [...vus, ...vus].map((vu) => renderRequest(alike!, vu, 'ua'));
    // One header array for every VU (and so one request head in the client), not one per VU and step.
    for (const r of rendered) expect(r.headers).toBe(rendered[0]?.headers);
    expect(rendered[0]?.url).toBe('http://127.0.0.1:1/x');
    // /users/${vu} differs per VU: each VU keeps its own rendering, with its own URL.
    const urls = [...vus, ...vus].map((vu) => renderRequest(perVu!, vu, 'ua'));
    expect(urls.map((r) => r.url)).toEqual([1, 2, 3, 1, 2, 3].map((n) => `http://127.0.0.1:1/users/${n}`));
    expect(urls[3]?.target).toBe(urls[0]?.target);
    expect(urls[4]?.target).toBe(urls[1]?.target);
  });

  it('never sends old headers after a rendering that failed half-way', () => {
    const vu = ctx({ a: '1', b: 'k' });
    renderRequest(step, vu, 'ua');
    // x-a renders a new value, then x-b throws (its variable is gone, as after a failed extraction).
    vu.vars.set('a', '2');
    vu.vars.delete('b');
    expect(() => renderRequest(step, vu, 'ua')).toThrow();
    vu.vars.set('b', 'k');
    const next = renderRequest(step, vu, 'ua');
    expect(header(next.headers, 'x-a')).toBe('2');
    expect(header(next.headers, 'x-b')).toBe('k');
  });

  it('keeps a memo for the first MEMOIZED_REQUESTS steps of a compilation only; the others render afresh', () => {
    const { plan: p } = parsePlan(`
version: 1
name: many
variables: { b: "k" }
defaults: { baseUrl: "\${env.BASE}", auth: { type: apiKey, name: x-key, value: "s3", in: header } }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 1
    iterations: 1
    steps:
${Array.from({ length: MEMOIZED_REQUESTS + 2 }, (_, i) => `      - request: { url: "/r/${i}", query: { q: "\${b}" }, headers: { x-b: "\${b}" } }`).join('\n')}
      - request: { url: "/last", headers: { x-b: "\${b}" } }
`);
    const compiled = compile(p, sharedPieces());
    expect(compiled.map((r) => r.memo).filter(Boolean)).toHaveLength(MEMOIZED_REQUESTS);
    expect(compiled[MEMOIZED_REQUESTS - 1]!.memo).toBe(true);
    const vu = { ...ctx({ b: 'k' }), env: { BASE: 'http://127.0.0.1:1' } };
    for (const step of [compiled[0]!, compiled[MEMOIZED_REQUESTS]!, compiled.at(-1)!]) {
      const [first, again] = [renderRequest(step, vu, 'ua'), renderRequest(step, vu, 'ua')];
      // Rendered afresh: the same request, in a header array of its own that the client keeps nothing by.
      expect(again.once).toBe(!step.memo);
      expect(again.headers === first.headers).toBe(step.memo);
      expect(again.headers).toEqual(first.headers);
      expect(again.url).toBe(first.url);
      expect(again.target).toEqual(first.target);
    }
    const past = renderRequest(compiled[MEMOIZED_REQUESTS + 1]!, vu, 'ua');
    expect(past.url).toBe(`http://127.0.0.1:1/r/${MEMOIZED_REQUESTS + 1}?q=k`);
    expect(past.target).toEqual({ origin: 'http://127.0.0.1:1', path: `/r/${MEMOIZED_REQUESTS + 1}?q=k` });
    expect(past.headers).toEqual(['x-b', 'k', 'user-agent', 'ua', 'x-key', 's3']);
    const last = renderRequest(compiled.at(-1)!, vu, 'ua');
    expect([last.url, last.once, last.authValue]).toEqual(['http://127.0.0.1:1/last', true, 's3']);
    vu.vars.set('b', 'changed');
    expect(renderRequest(compiled.at(-1)!, vu, 'ua').headers).toEqual([
      'x-b',
      'changed',
      'user-agent',
      'ua',
      'x-key',
      's3',
    ]);
  });

  it('changes the auth header of a remembered rendering when only the auth value changes', () => {
    const { plan: p } = parsePlan(`
version: 1
name: token
variables: { token: "one" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 1
    iterations: 1
    steps:
      - request: { url: "http://127.0.0.1:1/x", headers: { accept: "*/*" }, auth: { type: bearer, token: "\${token}" } }
`);
    const [req] = compile(p);
    const vu = ctx({ token: 'one' });
    const first = renderRequest(req!, vu, 'ua');
    expect(renderRequest(req!, vu, 'ua').headers).toBe(first.headers);
    vu.vars.set('token', 'two');
    const changed = renderRequest(req!, vu, 'ua');
    expect(changed.headers).not.toBe(first.headers);
    expect(changed.headers).toEqual(['accept', '*/*', 'user-agent', 'ua', 'authorization', 'Bearer two']);
    expect(first.headers).toEqual(['accept', '*/*', 'user-agent', 'ua', 'authorization', 'Bearer one']);
    expect(renderRequest(req!, vu, 'other').headers).toEqual([
      'accept',
      '*/*',
      'user-agent',
      'other',
      'authorization',
      'Bearer two',
    ]);
  });
});
